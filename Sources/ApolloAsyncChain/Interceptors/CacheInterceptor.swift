import Foundation

/// Reads and writes the store for the chain.
public protocol CacheInterceptor: Sendable {
  /// The cached result, or `nil` on a miss.
  func readCacheData<Request: GraphQLRequest>(from store: ApolloStore, request: Request) async throws
    -> GraphQLResponse<Request.Operation>?
  /// Writes a server result's records.
  func writeCacheData<Request: GraphQLRequest>(to store: ApolloStore, request: Request,
                                               response: ParsedResult<Request.Operation>) async throws
}

/// Reads with `store.load(operation)` and writes `response.cacheRecords`.
public struct DefaultCacheInterceptor: CacheInterceptor {
  /// The interceptor.
  public init() {}

  /// `store.load(request.operation)`.
  public func readCacheData<Request: GraphQLRequest>(from store: ApolloStore, request: Request) async throws
    -> GraphQLResponse<Request.Operation>?
  {
    try await store.load(request.operation)
  }

  /// Publishes `response.cacheRecords`.
  public func writeCacheData<Request: GraphQLRequest>(to store: ApolloStore, request: Request,
                                                      response: ParsedResult<Request.Operation>) async throws
  {
    if let records = response.cacheRecords {
      try await store.publish(records: records)
    }
  }
}
