import Foundation

/// Builds the GET URL for a request body.
public struct URLQueryParameterTransformer: Hashable, Sendable {
  /// The members to encode.
  public let body: JSON.Object
  /// The endpoint.
  public let url: URL

  /// A transformer for `body` onto `url`.
  public init(body: JSON.Object, url: URL) {
    self.body = body
    self.url = url
  }

  /// The URL with the body as query items, or `nil` when it cannot be built.
  public func createGetURL() -> URL? {
    GETRequestEncoder.url(for: body, baseURL: url)
  }
}
