import ApolloCore
import Foundation

/// What one stack did with one scenario: the proof a parity comparison is made of.
///
/// Plain data (`Equatable`, `Codable`), so the same value serves the tests, the harness's reports and
/// recorded files. Nothing in it depends on timing: callback stacks deliver on a private serial queue
/// and each step waits until its stack is quiet.
public struct ParityTrace: Sendable, Hashable, Codable {
  /// What one step (one operation issued through the stack's call surface) produced.
  public struct Step: Sendable, Hashable, Codable {
    /// The requests that reached the server, in order; one per attempt that got onto the wire.
    public var requests: [ParityWireRequest] = []
    /// The hooks' calls, in order, in words the hooks of every generation share.
    public var hookCalls: [String] = []
    /// What the caller received, in order.
    public var deliveries: [ParityDelivery] = []

    /// How many times the caller was called back (or a stream element or error arrived).
    public var completions: Int { deliveries.count }
    /// How many attempts reached the wire.
    public var attempts: Int { requests.count }

    /// An empty step, filled in as the runner observes the call.
    public init() {}
  }

  /// One entry per step of the scenario.
  public var steps: [Step] = []
  /// The store's records after the last step: `key → fields`, each field's value rendered as JSON.
  public var storeRecords: [String: [String: String]] = [:]

  /// A trace with these observations (the runner builds them; tests build small ones to check wording).
  public init(steps: [Step] = [], storeRecords: [String: [String: String]] = [:]) {
    self.steps = steps
    self.storeRecords = storeRecords
  }
}

/// A request as the server received it, with values that change from run to run left out.
public struct ParityWireRequest: Sendable, Hashable, Codable {
  /// `GET` or `POST`.
  public var method: String
  /// The URL without its query (a GET's query is the body, below).
  public var url: String
  /// Headers set by hooks, the transport configuration or the caller: names lowercased, sorted.
  public var headers: [String: String]
  /// Headers the engine itself writes on every request (its wire dialect): `Accept`, `Content-Type`,
  /// the `X-APOLLO-*` and client-awareness headers. Kept apart because engines of different
  /// generations write different ones for the same call (see ``ParityWireDialect``).
  public var engineHeaders: [String: String]
  /// The GraphQL members (`operationName`, `query`, `variables`, `extensions`, `id`) from the POST body
  /// or the GET query, as JSON text with sorted keys; `extensions.clientLibrary` is moved to
  /// ``engineBody``. For an upload, the `operations` form part.
  public var body: String
  /// What the engine adds to the body on its own (`extensions.clientLibrary`), as JSON text; empty when none.
  public var engineBody: String

  /// A request as recorded: hook-visible parts (`headers`, `body`) apart from what the engine itself adds
  /// (`engineHeaders`, `engineBody`), which generations are allowed to differ on.
  public init(method: String, url: String, headers: [String: String], engineHeaders: [String: String], body: String,
              engineBody: String) {
    self.method = method
    self.url = url
    self.headers = headers
    self.engineHeaders = engineHeaders
    self.body = body
    self.engineBody = engineBody
  }
}

/// One thing the caller received.
public enum ParityDelivery: Sendable, Hashable, Codable {
  /// A result: its data and GraphQL error messages as JSON text, and where it came from.
  case result(data: String?, errors: [String]?, source: String)
  /// A failure, classified so that the same failure compares equal across generations.
  case failure(ParityFailure)
}

/// A failure as a category every generation shares, with the detail that identifies it.
public struct ParityFailure: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What kind of failure: `http`, `transport`, `invalidResponse`, `decoding`, `vetoed`, `retryLimit`,
  /// `cacheMiss`, `noResults`, `cancelled`, `hook`, `apq`, `other`.
  public var category: String
  /// The status code, URL error code, hook error or type that identifies it within its category.
  public var detail: String

  /// A failure summarized for comparison: `category` names the error's kind (`http`, `noResults`, …),
  /// `detail` what distinguishes it (a status code, a path).
  public init(category: String, detail: String) {
    self.category = category
    self.detail = detail
  }

  public var description: String { detail.isEmpty ? category : "\(category)(\(detail))" }
}
