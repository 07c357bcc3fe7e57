import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP response the transport could not turn into a GraphQL response: a status outside 200–299
/// (``ErrorKind/errorResponse``) or a 2xx body that is JSON but not an object
/// (``ErrorKind/invalidResponse``). The body and the response are both kept.
public struct GraphQLHTTPResponseError: Error, LocalizedError {
  /// What was wrong with the response.
  public enum ErrorKind: Hashable, Sendable {
    /// The status code was outside 200–299; the body may still hold GraphQL errors (``GraphQLHTTPResponseError/graphQLErrors``).
    case errorResponse
    /// A 2xx body that parsed as JSON but not as an object.
    case invalidResponse
    /// Declared by 0.x but never produced by it (nor here): a `PersistedQueryNotFound` answer is retried.
    case persistedQueryNotFound
    /// Declared by 0.x but never produced by it (nor here): `PersistedQueryNotSupported` arrives as a GraphQL error.
    case persistedQueryNotSupported

    /// 0.x's fixed message for the kind ("Received error response", …), used in ``GraphQLHTTPResponseError/errorDescription``.
    public var description: String {
      switch self {
      case .errorResponse: return "Received error response"
      case .invalidResponse: return "Received invalid response"
      case .persistedQueryNotFound: return "Persisted query not found"
      case .persistedQueryNotSupported: return "Persisted query not supported"
      }
    }
  }

  /// The response body, as received.
  public let body: Data?
  /// The response head.
  public let response: HTTPURLResponse
  /// What was wrong.
  public let kind: ErrorKind

  /// For tests and custom transports; ``HTTPNetworkTransport`` builds these itself.
  public init(body: Data? = nil, response: HTTPURLResponse, kind: ErrorKind) {
    self.body = body
    self.response = response
    self.kind = kind
  }

  /// The `errors` of a JSON body, so GraphQL errors in a 4xx/5xx body stay reachable; `nil` when the
  /// body is not a JSON object with an `errors` array of objects, `[]` for an empty array.
  public var graphQLErrors: [GraphQLError]? {
    guard let body, let object = try? JSONParser.parseObject(body), case .array(let entries)? = object["errors"] else {
      return nil
    }
    var errors: [GraphQLError] = []
    for entry in entries {
      guard case .object(let error) = entry else { return nil }
      errors.append(GraphQLError(error))
    }
    return errors
  }

  /// The body as text: `[Empty response body]`, `[Unreadable response body]`, or the decoded string.
  public var bodyDescription: String {
    guard let body else { return "[Empty response body]" }
    let encoding = response.textEncodingName.flatMap(Self.encoding(named:)) ?? .utf8
    guard let text = String(data: body, encoding: encoding) ?? String(data: body, encoding: .utf8) else {
      return "[Unreadable response body]"
    }
    return text
  }

  public var errorDescription: String? {
    if let errors = graphQLErrors {
      return "\(kind.description): " + errors.map { $0.localizedDescription }.joined(separator: "\n")
    }
    let status = response.statusCode
    return "\(kind.description) (\(status) \(HTTPURLResponse.localizedString(forStatusCode: status))): \(bodyDescription)"
  }

  private static func encoding(named name: String) -> String.Encoding? {
    switch name.lowercased() {
    case "utf-8", "utf8": return .utf8
    case "iso-8859-1", "latin1": return .isoLatin1
    case "us-ascii", "ascii": return .ascii
    case "utf-16": return .utf16
    default: return nil
    }
  }
}
