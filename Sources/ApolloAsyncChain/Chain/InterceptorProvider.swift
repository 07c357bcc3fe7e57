import Foundation

/// The interceptors of one send, built by ``InterceptorProvider/interceptors(for:)``.
public struct Interceptors: Sendable {
  let graphQL: [any GraphQLInterceptor]
  let cache: any CacheInterceptor
  let http: [any HTTPInterceptor]
  let parser: any ResponseParsingInterceptor

  init(graphQL: [any GraphQLInterceptor], cache: any CacheInterceptor, http: [any HTTPInterceptor],
       parser: any ResponseParsingInterceptor) {
    self.graphQL = graphQL
    self.cache = cache
    self.http = http
    self.parser = parser
  }
}

/// Supplies the interceptors of each send. The transport calls each method once per send and the chain
/// reuses the same instances for every retry of that send.
public protocol InterceptorProvider: Sendable {
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor]
  func cacheInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> any CacheInterceptor
  func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor]
  func responseParser<Operation: GraphQLOperation>(for operation: Operation) -> any ResponseParsingInterceptor
}

extension InterceptorProvider {
  /// `[MaxRetryInterceptor(), AutomaticPersistedQueryInterceptor()]`, new instances each call.
  public func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    [MaxRetryInterceptor(), AutomaticPersistedQueryInterceptor()]
  }

  /// `DefaultCacheInterceptor()`.
  public func cacheInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> any CacheInterceptor {
    DefaultCacheInterceptor()
  }

  /// `[ResponseCodeInterceptor()]`.
  public func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
    [ResponseCodeInterceptor()]
  }

  /// `JSONResponseParsingInterceptor()`.
  public func responseParser<Operation: GraphQLOperation>(for operation: Operation) -> any ResponseParsingInterceptor {
    JSONResponseParsingInterceptor()
  }

  /// All four, for one send.
  public func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> Interceptors {
    Interceptors(graphQL: graphQLInterceptors(for: operation), cache: cacheInterceptor(for: operation),
                 http: httpInterceptors(for: operation), parser: responseParser(for: operation))
  }
}

/// The default interceptors. Use ``shared``; compose your own provider from its methods to customize.
public final class DefaultInterceptorProvider: InterceptorProvider {
  /// The one instance.
  public static let shared = DefaultInterceptorProvider()
  init() {}
}
