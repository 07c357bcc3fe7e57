import Foundation

/// Encodes a request body into the query string of a GET request.
///
/// Keys are taken in sorted order; object values become sorted-key JSON, strings are used as they are, null
/// values are left out, existing query items on the URL are kept, and `+` and `;` are percent-encoded on top
/// of the usual encoding so that servers do not read them as a space or a separator.
public enum GETRequestEncoder {
  /// The GET URL, or `nil` when `url` cannot carry query items.
  public static func url(for body: JSON.Object, baseURL url: URL) -> URL? {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
    var items = components.queryItems ?? []
    for key in body.keys.sorted() {
      guard let value = body[key] else { continue }
      switch value {
      case .string(let string): items.append(URLQueryItem(name: key, value: string))
      // Left out, as every generation's encoder does: a bare `variables` parameter is not JSON, and a
      // server that parses each parameter present answers 400.
      case .null: continue
      default: items.append(URLQueryItem(name: key, value: JSONSerializer.string(value, sortedKeys: true)))
      }
    }
    guard !items.isEmpty else { return components.url }
    components.queryItems = items
    components.percentEncodedQuery = components.percentEncodedQuery?
      .replacingOccurrences(of: "+", with: "%2B")
      .replacingOccurrences(of: ";", with: "%3B")
    return components.url
  }
}
