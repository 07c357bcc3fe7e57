import ApolloCore
import Foundation

/// One parity scenario: what the caller does, which hooks are configured, and what the server answers.
///
/// A scenario is data. Every stack turns it into a ``ParityTrace``; the hooks are written once per
/// generation (``ParityHooks`` says what they do, each generation's hook types do it in that
/// generation's idiom), and the server conversation is played by an in-process ``ScriptedServer``.
public struct ParityScenario: Sendable {
  /// A short identifier, unique in its catalog (`success`, `401-refresh-retry`, …).
  public var name: String
  /// One sentence: what the scenario shows.
  public var summary: String
  /// What the caller issues, in order, through the stack's call surface.
  public var steps: [ParityStep]
  /// What the hooks do.
  public var hooks: ParityHooks
  /// How the transport is configured.
  public var transport: ParityTransportOptions
  /// The server's answers, in the order requests arrive. A request beyond the last one fails the run
  /// with ``ScriptedServerError/noMoreResponses``.
  public var replies: [ParityReply]
  /// Where the native generations behave differently, what differs and why. Any difference not
  /// declared here fails the scenario; a declared one must stay exactly as declared.
  public var differences: [ParityDeclaredDifference]

  /// A scenario: its steps run in order on one stack, against `replies` played by the scripted server.
  public init(name: String, summary: String, steps: [ParityStep], hooks: ParityHooks = ParityHooks(),
              transport: ParityTransportOptions = ParityTransportOptions(), replies: [ParityReply],
              differences: [ParityDeclaredDifference] = []) {
    self.name = name
    self.summary = summary
    self.steps = steps
    self.hooks = hooks
    self.transport = transport
    self.replies = replies
    self.differences = differences
  }
}

/// One operation issued by the caller.
public struct ParityStep: Sendable {
  /// The operation and how each generation's client issues it.
  public var operation: ParityOperation
  /// The cache policy, in each generation's terms.
  public var cachePolicy: ParityCachePolicy
  /// Cancel the call this long after issuing it.
  public var cancelAfter: Duration?

  /// One call of the client: `operation` under `cachePolicy` (mapped to each generation's own), cancelled
  /// after `cancelAfter` when given.
  public init(_ operation: ParityOperation, cachePolicy: ParityCachePolicy = .networkOnly, cancelAfter: Duration? = nil) {
    self.operation = operation
    self.cachePolicy = cachePolicy
    self.cancelAfter = cancelAfter
  }
}

/// A cache policy that every generation has, under its own name.
public enum ParityCachePolicy: String, Sendable, CaseIterable, Codable {
  /// 0.x/1.x `returnCacheDataElseFetch`, 2.x `.cacheFirst`.
  case cacheFirst
  /// 0.x/1.x `fetchIgnoringCacheData`, 2.x `.networkOnly` (the result is written to the store).
  case networkOnly
  /// 0.x/1.x `fetchIgnoringCacheCompletely`, 2.x `.networkOnly` with `writeResultsToCache: false`.
  case networkOnlyWithoutStore
  /// 0.x/1.x `returnCacheDataDontFetch`, 2.x `.cacheOnly`.
  case cacheOnly
  /// 0.x/1.x `returnCacheDataAndFetch`, 2.x `.cacheAndNetwork`.
  case cacheAndNetwork
}

/// How the transport is configured, in terms every generation has.
public struct ParityTransportOptions: Sendable {
  /// Send queries as GET.
  public var useGETForQueries = false
  /// Send the persisted-query hash first, the document after a `PersistedQueryNotFound`.
  public var autoPersistQueries = false
  /// Headers the transport adds to every request.
  public var additionalHeaders: [String: String] = [:]

  /// Transport options, set on each generation's transport as that generation spells them.
  public init(useGETForQueries: Bool = false, autoPersistQueries: Bool = false, additionalHeaders: [String: String] = [:]) {
    self.useGETForQueries = useGETForQueries
    self.autoPersistQueries = autoPersistQueries
    self.additionalHeaders = additionalHeaders
  }
}
