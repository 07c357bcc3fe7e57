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
