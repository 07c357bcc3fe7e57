import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The checks 0.33's `HTTPNetworkTransport` makes on a completed response, and nothing more: status,
/// JSON validity, object-ness, then the `errors` array. A `data` member that does not match the
/// selection set is not looked at here: in 0.x that is an `ApolloClient` error that never reaches the
/// retry delegate, and the adapters keep that split.
enum LegacyResponseCheck {
  /// What the transport does next.
  enum Outcome {
    /// Goes to the retry delegate (or to the caller when there is none) with this 0.x error.
    case retryPath(any Error)
    /// A JSON object: the GraphQL-errors step follows.
    case body(JSON.Object)
  }

  /// A status outside 200–299 is `GraphQLHTTPResponseError(.errorResponse)`; a body that is not JSON
  /// (including an empty one) is the parser's error; JSON that is not an object is `.invalidResponse`.
  static func check(data: Data, response: HTTPURLResponse) -> Outcome {
    guard (200..<300).contains(response.statusCode) else {
      return .retryPath(GraphQLHTTPResponseError(body: data, response: response, kind: .errorResponse))
    }
    let json: JSON
    do {
      json = try JSONSerializationFormat.deserialize(data: data)
    } catch {
      return .retryPath(error)
    }
    guard case .object(let body) = json else {
      return .retryPath(GraphQLHTTPResponseError(body: data, response: response, kind: .invalidResponse))
    }
    return .body(body)
  }

  /// The errors the GraphQL-error delegate sees: a non-empty `errors` array of objects (0.x's
  /// `parseErrorsOnlyFast`), except a `PersistedQueryNotFound` answer to a hash-only request, which the
  /// persisted-query retry handles first (as in 0.x).
  static func errorsForDelegate(in body: JSON.Object, sentRequest: URLRequest) -> [GraphQLError]? {
    guard case .array(let entries)? = body["errors"], !entries.isEmpty else { return nil }
    var errors: [GraphQLError] = []
    for entry in entries {
      guard case .object(let object) = entry else { return nil }
      errors.append(GraphQLError(object))
    }
    if errors.containsPersistedQueryNotFound, !carriesDocument(sentRequest) {
      return nil
    }
    return errors
  }

  /// Whether the request carried the query document (a `query` body member or GET parameter). An upload
  /// always does (its `operations` part holds the document), and its form is not JSON.
  static func carriesDocument(_ request: URLRequest) -> Bool {
    if let contentType = request.value(forHTTPHeaderField: "Content-Type"),
       contentType.lowercased().hasPrefix("multipart/form-data") {
      return true
    }
    if let body = request.httpBody, let object = try? JSONParser.parseObject(body) {
      return object["query"] != nil
    }
    if let url = request.url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems {
      return items.contains { $0.name == "query" }
    }
    return false
  }

  /// Whether the response is a `multipart/mixed` stream (`@defer`, subscriptions): not a 0.x shape, so
  /// the JSON checks do not apply to it.
  /// A multipart body framed again from the parts the 2.x session cut it into (each with its headers):
  /// what 0.x's delegates saw and what its JSON check failed on.
  static func multipartBody(parts: [Data], response: HTTPURLResponse) -> Data {
    let contentType = response.value(forHTTPHeaderField: "Content-Type") ?? ""
    let boundary = MultipartChunkSplitter.boundary(fromContentType: contentType) ?? "-"
    var body = Data("\r\n--\(boundary)".utf8)
    for part in parts {
      body.append(contentsOf: "\r\n".utf8)
      body.append(part)
      body.append(contentsOf: "\r\n--\(boundary)".utf8)
    }
    body.append(contentsOf: "--\r\n".utf8)
    return body
  }

  static func isMultipart(_ response: HTTPURLResponse) -> Bool {
    MultipartContentType.isMultipartMixed(response)
  }
}
