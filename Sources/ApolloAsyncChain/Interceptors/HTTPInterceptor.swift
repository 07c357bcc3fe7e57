import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An interceptor that sees the `URLRequest` before it is sent and the raw response after.
public protocol HTTPInterceptor: Sendable {
  /// What an HTTP interceptor calls to send the request through the later HTTP interceptors and the session.
  typealias NextHTTPInterceptorFunction = @Sendable (URLRequest) async throws -> HTTPResponse

  /// Runs once per attempt, after the GraphQL interceptors built the `URLRequest`: change the request (headers,
  /// signing), call `next`, and inspect or replace the response before parsing.
  func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> HTTPResponse
}
