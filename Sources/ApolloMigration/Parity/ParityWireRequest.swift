/// A request as the server received it, with values that change from run to run left out.
public struct ParityWireRequest: Sendable, Hashable, Codable {
  /// `GET` or `POST`.
  public var method: String
  /// The URL; a GET's GraphQL query items are left out (they are the body, below), any other query item
  /// (one a hook added, on any method) is kept.
  public var url: String
  /// Headers set by hooks, the transport configuration or the caller: names lowercased, sorted.
  public var headers: [String: String]
  /// Headers the engine itself writes on every request (its wire dialect): `Accept`, `Content-Type`,
  /// the `X-APOLLO-*` and client-awareness headers. Kept apart because engines of different
  /// generations write different ones for the same call (see ``ParityWireDialect``).
  public var engineHeaders: [String: String]
  /// The GraphQL members (`operationName`, `query`, `variables`, `extensions`, `id`) from the POST body
  /// or the GET query, as JSON text with sorted keys; `extensions.clientLibrary` is moved to
  /// ``engineBody``. For an upload, the `operations` form part. A body that is not JSON (compressed, another
  /// format) is its size and a fingerprint of its bytes.
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
