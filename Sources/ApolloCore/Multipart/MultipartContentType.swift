import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How every generation tells a multipart response (`@defer`, subscriptions over HTTP) from a single one.
public enum MultipartContentType {
  /// Whether a `Content-Type` value names `multipart/mixed`, case-insensitively (in ASCII, as HTTP compares
  /// media types); `nil` does not.
  public static func isMultipartMixed(_ contentType: String?) -> Bool {
    contentType?.containsASCII("multipart/mixed", caseInsensitive: true) ?? false
  }

  /// Whether `response`'s `Content-Type` (its name looked up case-insensitively) names `multipart/mixed`.
  public static func isMultipartMixed(_ response: HTTPURLResponse) -> Bool {
    isMultipartMixed(response.value(forHTTPHeaderField: "Content-Type"))
  }
}
