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

/// What the hooks of a scenario do. Each generation implements these with its own hook types:
/// 0.x with one delegate object, 1.x with interceptors in a provider, 2.x with interceptors in a provider.
public struct ParityHooks: Sendable {
  /// Add `Authorization: Bearer <token>` to every request before it is sent.
  public var token: String?
  /// Log every response: its status and body size (0.x: the task-completed delegate; 1.x: an
  /// interceptor after the network fetch; 2.x: an HTTP interceptor).
  public var logResponses = false
  /// On a 401, replace the token with this one and send again (0.x: the retry delegate; 1.x: an
  /// interceptor after the fetch calling `chain.retry`; 2.x: a GraphQL interceptor throwing `Retry`).
  public var refreshedTokenOn401: String?
  /// Refuse to send (0.x: `shouldSend` false; 1.x/2.x: an interceptor that fails before the fetch).
  public var veto = false
  /// Send to this path instead of the endpoint's (0.x: `willSend`; 1.x/2.x: the request's endpoint).
  public var rewritePath: String?
  /// When a 2xx response carries GraphQL errors, send again, at most this many times (0.x: the
  /// GraphQL-error delegate; 1.x: an interceptor after parsing; 2.x: a GraphQL interceptor's `map`).
  public var retriesOnGraphQLErrors = 0
  /// Turn any failure into ``ParityHookError/recovered(_:)`` (0.x: the retry delegate's `.fail`;
  /// 1.x: the additional error interceptor; 2.x: a GraphQL interceptor's `mapErrors`).
  public var recoverFromErrors = false
  /// Retry every failure, at most this many times (0.x: the retry delegate counts; 1.x and 2.x:
  /// `MaxRetryInterceptor(maxRetriesAllowed:)`).
  public var retryFailures: Int?

  /// The hooks a scenario configures; every option defaults to "off", so a scenario names only what it uses.
  public init(token: String? = nil, logResponses: Bool = false, refreshedTokenOn401: String? = nil, veto: Bool = false,
              rewritePath: String? = nil, retriesOnGraphQLErrors: Int = 0, recoverFromErrors: Bool = false,
              retryFailures: Int? = nil) {
    self.token = token
    self.logResponses = logResponses
    self.refreshedTokenOn401 = refreshedTokenOn401
    self.veto = veto
    self.rewritePath = rewritePath
    self.retriesOnGraphQLErrors = retriesOnGraphQLErrors
    self.recoverFromErrors = recoverFromErrors
    self.retryFailures = retryFailures
  }
}

/// Errors the scenario hooks raise themselves.
public enum ParityHookError: Error, Hashable, CustomStringConvertible {
  /// The veto hook refused the request.
  case vetoed
  /// The recovery hook replaced a failure; holds the original failure's category.
  case recovered(String)
  /// The hook's own retry budget is spent.
  case retryLimit

  public var description: String {
    switch self {
    case .vetoed: return "vetoed by hook"
    case .recovered(let category): return "recovered from \(category)"
    case .retryLimit: return "retry limit reached"
    }
  }
}

/// One answer of the scripted server.
public enum ParityReply: Sendable {
  /// A JSON body with a status code.
  case json(JSON.Object, status: Int = 200)
  /// A body of exact bytes (UTF-8 text) with a status code and content type.
  case text(String, status: Int = 200, contentType: String = "application/json")
  /// A `multipart/mixed` body, one part per element; `spec` is `deferSpec=20220824` or `subscriptionSpec=1.0`.
  case multipart([String], spec: String = "deferSpec=20220824", delay: Duration? = nil)
  /// The connection fails before any response (connection refused, timeout, …).
  case transportFailure(URLError.Code)
  /// The response head arrives after a pause (for cancelling before the response).
  case delayed(Duration, JSON.Object)
  /// Part of a JSON body arrives, then the connection drops.
  case truncated(String)
  /// A response recorded from a real server (a cassette's), replayed byte for byte.
  case recorded(status: Int, headers: [String: String], body: Data)

  /// The scripted response for this reply.
  public var scripted: ScriptedResponse {
    switch self {
    case .json(let object, let status):
      return .json(object, statusCode: status)
    case .text(let text, let status, let contentType):
      return .text(text, statusCode: status, headers: ["Content-Type": contentType])
    case .multipart(let parts, let spec, let delay):
      return .multipart(parts, boundary: "graphql", spec: spec, delay: delay)
    case .transportFailure(let code):
      return .failure(URLError(code))
    case .delayed(let delay, let object):
      var response = ScriptedResponse.json(object)
      response.headDelay = delay
      return response
    case .truncated(let text):
      return ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"],
                              body: [.data(Data(text.utf8)), .fail(URLError(.networkConnectionLost))])
    case .recorded(let status, let headers, let body):
      return .raw(body, statusCode: status, headers: headers)
    }
  }
}

/// A generation of Apollo iOS networking.
public enum ParityGeneration: String, Sendable, CaseIterable, Codable, Comparable {
  /// 0.x: `HTTPNetworkTransport` and its delegates (`ApolloDelegateTransport`).
  case v0 = "0.x"
  /// 1.x: the callback request chain (`ApolloCallbackChain`).
  case v1 = "1.x"
  /// 2.x: the async request chain (`ApolloAsyncChain`).
  case v2 = "2.x"

  public static func < (lhs: ParityGeneration, rhs: ParityGeneration) -> Bool {
    lhs.rawValue < rhs.rawValue  // "0.x" < "1.x" < "2.x"
  }
}

/// A part of a trace that can be compared on its own.
public enum ParityAspect: String, Sendable, CaseIterable, Codable {
  /// What the caller received (data, errors, source, failures) and how many times.
  case deliveries
  /// The requests on the wire: method, URL, hook and caller headers, GraphQL body members.
  case wire
  /// The headers and body members the engine writes on its own.
  case wireDialect
  /// The hooks' calls in order.
  case hookCalls
  /// The store's records afterwards.
  case store
}

/// A difference between native generations, declared in the scenario with its reason.
///
/// `values` holds, for each generation listed, the aspect exactly as it renders for that generation
/// (``ParityTrace/render(_:)``), so a declared difference that drifts fails too.
public struct ParityDeclaredDifference: Sendable {
  /// Which part of the trace differs.
  public var aspect: ParityAspect
  /// The aspect as each generation renders it.
  public var values: [ParityGeneration: String]
  /// Why the generations differ, in one sentence (it goes into MIGRATION.md's table).
  public var why: String

  /// Declares that native generations render `aspect` differently: `values` is each generation's rendering
  /// (generations that agree share one), `why` the reason, for MIGRATION.md.
  public init(_ aspect: ParityAspect, _ values: [ParityGeneration: String], why: String) {
    self.aspect = aspect
    self.values = values
    self.why = why
  }
}
