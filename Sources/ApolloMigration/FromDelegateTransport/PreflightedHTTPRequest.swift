import ApolloCallbackChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A 1.x request whose `URLRequest` the 0.x preflight delegate already built and changed: the stock
/// `NetworkFetchInterceptor` sends exactly that `URLRequest`. It remembers the request it came from,
/// which is what retries restart with (0.x rebuilt every attempt from scratch).
final class PreflightedHTTPRequest<Operation: GraphQLOperation>: ApolloCallbackChain.HTTPRequest<Operation> {
  /// The request before the preflight.
  let original: ApolloCallbackChain.HTTPRequest<Operation>
  /// What is sent, as `willSend` left it.
  let urlRequest: URLRequest

  init(original: ApolloCallbackChain.HTTPRequest<Operation>, urlRequest: URLRequest) {
    self.original = original
    self.urlRequest = urlRequest
    super.init(graphQLEndpoint: original.graphQLEndpoint, operation: original.operation,
               contextIdentifier: original.contextIdentifier, contentType: "application/json", clientName: "",
               clientVersion: "", additionalHeaders: [:], cachePolicy: original.cachePolicy, context: original.context)
    additionalHeaders = original.additionalHeaders
  }

  override func toURLRequest() throws -> URLRequest {
    urlRequest
  }
}

extension ApolloCallbackChain.HTTPRequest {
  /// The request before any preflight: what a retry starts from.
  var beforePreflight: ApolloCallbackChain.HTTPRequest<Operation> {
    (self as? PreflightedHTTPRequest<Operation>)?.original ?? self
  }

  /// The `URLRequest` this attempt sent (or would send).
  var sentURLRequest: URLRequest? {
    (self as? PreflightedHTTPRequest<Operation>)?.urlRequest ?? (try? toURLRequest())
  }
}
