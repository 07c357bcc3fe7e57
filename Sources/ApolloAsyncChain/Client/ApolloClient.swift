import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 2.x client: async fetches, mutations, uploads and subscriptions over a ``NetworkTransport``.
public final class ApolloClient: Sendable {
  /// Client-level failures.
  public enum Error: Swift.Error, LocalizedError, Hashable {
    /// The operation finished without a result (an empty body, a cache miss, or an interceptor that
    /// suppressed an error).
    case noResults
    /// The transport cannot upload.
    case noUploadTransport
    /// The transport cannot subscribe.
    case noSubscriptionTransport

    public var errorDescription: String? {
      switch self {
      // Upstream 2.x's words, to the letter.
      case .noResults:
        return """
          The operation completed without returning any results. This can occur if the network returns a success response with no body content.
          If using a `RequestChainNetworkTransport`, this can also occur if an interceptor fails to pass on the emitted results.
          """
      case .noUploadTransport:
        return "Attempting to upload using a transport which does not support uploads. This is a developer error."
      case .noSubscriptionTransport:
        return "Attempting to begin a subscription using a transport which does not support subscriptions. This is a developer error."
      }
    }
  }

  /// The client-awareness metadata of the client whose call is in progress: bound around every call into
  /// the transport, read where the request is built (its headers, `extensions.clientLibrary`). `nil` for a
  /// request sent without a client. Upstream's internal name for it is `context`.
  @TaskLocal static var clientAwarenessOfCurrentCall: ClientAwarenessMetadata?

  /// The store results are cached in.
  public let store: ApolloStore
  /// Used when a call passes no configuration.
  public let defaultRequestConfiguration: RequestConfiguration
  let networkTransport: any NetworkTransport
  let clientAwarenessMetadata: ClientAwarenessMetadata

  /// A client over `networkTransport`; `clientAwarenessMetadata` is sent with every operation.
  public init(
    networkTransport: any NetworkTransport, store: ApolloStore,
    defaultRequestConfiguration: RequestConfiguration = RequestConfiguration(),
    clientAwarenessMetadata: ClientAwarenessMetadata = ClientAwarenessMetadata()
  ) {
    self.networkTransport = networkTransport
    self.store = store
    self.defaultRequestConfiguration = defaultRequestConfiguration
    self.clientAwarenessMetadata = clientAwarenessMetadata
  }

  /// A client for `url` with an in-memory store and the default interceptors.
  public convenience init(
    url: URL, defaultRequestConfiguration: RequestConfiguration = RequestConfiguration(),
    clientAwarenessMetadata: ClientAwarenessMetadata = ClientAwarenessMetadata()
  ) {
    let store = ApolloStore(cache: InMemoryNormalizedCache())
    let transport = RequestChainNetworkTransport(
      urlSession: URLSessionStreamingSession(configuration: .default), interceptorProvider: DefaultInterceptorProvider.shared,
      store: store, endpointURL: url)
    self.init(networkTransport: transport, store: store, defaultRequestConfiguration: defaultRequestConfiguration,
              clientAwarenessMetadata: clientAwarenessMetadata)
  }

  /// Drops every record from the store.
  public func clearCache() async throws {
    try await store.clearCache()
  }

  // MARK: Queries

  /// Fetches a query and returns its first result.
  public func fetch<Query: GraphQLQuery>(
    query: Query, cachePolicy: CachePolicy.Query.SingleResponse = .cacheFirst, requestConfiguration: RequestConfiguration? = nil
  ) async throws -> GraphQLResponse<Query> where Query.ResponseFormat == SingleResponseFormat {
    if let transport = networkTransport as? RequestChainNetworkTransport {
      return try await firstResult(of: query, cachePolicy.toFetchBehavior(), requestConfiguration, on: transport)
    }
    return try await first(of: send(query, cachePolicy.toFetchBehavior(), requestConfiguration))
  }

  /// Fetches a query from the cache, then from the network.
  public func fetch<Query: GraphQLQuery>(
    query: Query, cachePolicy: CachePolicy.Query.CacheAndNetwork, requestConfiguration: RequestConfiguration? = nil
  ) throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Swift.Error> where Query.ResponseFormat == SingleResponseFormat {
    try send(query, cachePolicy.toFetchBehavior(), requestConfiguration)
  }

  /// Fetches a `@defer` query: the initial result, then one cumulative result per increment.
  public func fetch<Query: GraphQLQuery>(
    query: Query, cachePolicy: CachePolicy.Query.SingleResponse = .cacheFirst, requestConfiguration: RequestConfiguration? = nil
  ) throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Swift.Error>
  where Query.ResponseFormat == IncrementalDeferredResponseFormat {
    try send(query, cachePolicy.toFetchBehavior(), requestConfiguration)
  }

  /// Fetches a `@defer` query from the cache, then from the network.
  public func fetch<Query: GraphQLQuery>(
    query: Query, cachePolicy: CachePolicy.Query.CacheAndNetwork, requestConfiguration: RequestConfiguration? = nil
  ) throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Swift.Error>
  where Query.ResponseFormat == IncrementalDeferredResponseFormat {
    try send(query, cachePolicy.toFetchBehavior(), requestConfiguration)
  }

  /// Reads a query from the cache only; `nil` on a miss.
  public func fetch<Query: GraphQLQuery>(
    query: Query, cachePolicy: CachePolicy.Query.CacheOnly, requestConfiguration: RequestConfiguration? = nil
  ) async throws -> GraphQLResponse<Query>? {
    do {
      for try await response in try send(query, cachePolicy.toFetchBehavior(), requestConfiguration) {
        return response
      }
      return nil
    } catch ApolloClient.Error.noResults {
      return nil
    }
  }

  /// Fetches a query with an explicit ``FetchBehavior``.
  public func fetch<Query: GraphQLQuery>(
    query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration? = nil
  ) throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Swift.Error> {
    try send(query, fetchBehavior, requestConfiguration)
  }

  // MARK: Mutations

  /// Performs a mutation and returns its result.
  public func perform<Mutation: GraphQLMutation>(
    mutation: Mutation, requestConfiguration: RequestConfiguration? = nil
  ) async throws -> GraphQLResponse<Mutation> where Mutation.ResponseFormat == SingleResponseFormat {
    if let transport = networkTransport as? RequestChainNetworkTransport {
      return try await firstResult(of: mutation, .NetworkOnly, requestConfiguration, on: transport)
    }
    return try await first(of: sendMutation(mutation, requestConfiguration))
  }

  /// Performs a `@defer` mutation.
  public func perform<Mutation: GraphQLMutation>(
    mutation: Mutation, requestConfiguration: RequestConfiguration? = nil
  ) throws -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Swift.Error>
  where Mutation.ResponseFormat == IncrementalDeferredResponseFormat {
    try sendMutation(mutation, requestConfiguration)
  }

  // MARK: Uploads

  /// Uploads files with an operation and returns its result.
  public func upload<Operation: GraphQLOperation>(
    operation: Operation, files: [GraphQLFile], requestConfiguration: RequestConfiguration? = nil
  ) async throws -> GraphQLResponse<Operation> where Operation.ResponseFormat == SingleResponseFormat {
    try await first(of: sendUpload(operation, files, requestConfiguration))
  }

  /// Uploads files with a `@defer` operation.
  public func upload<Operation: GraphQLOperation>(
    operation: Operation, files: [GraphQLFile], requestConfiguration: RequestConfiguration? = nil
  ) throws -> AsyncThrowingStream<GraphQLResponse<Operation>, any Swift.Error>
  where Operation.ResponseFormat == IncrementalDeferredResponseFormat {
    try sendUpload(operation, files, requestConfiguration)
  }

  // MARK: Subscriptions

  /// Subscribes; the stream's `state` follows the subscription's lifecycle.
  ///
  /// - Throws: ``Error/noSubscriptionTransport`` when the transport cannot subscribe (upstream also
  ///   fires an `assertionFailure` first, which stops debug builds; this layer only throws).
  public func subscribe<Subscription: GraphQLSubscription>(
    subscription: Subscription, cachePolicy: CachePolicy.Subscription = .cacheThenNetwork,
    requestConfiguration: RequestConfiguration? = nil
  ) throws -> SubscriptionStream<GraphQLResponse<Subscription>> {
    guard let transport = networkTransport as? any SubscriptionNetworkTransport else {
      throw Error.noSubscriptionTransport
    }
    let configuration = requestConfiguration ?? defaultRequestConfiguration
    return try ApolloClient.$clientAwarenessOfCurrentCall.withValue(clientAwarenessMetadata) {
      try transport.send(subscription: subscription, fetchBehavior: cachePolicy.toFetchBehavior(),
                         requestConfiguration: configuration)
    }
  }

  // MARK: Plumbing

  private func send<Query: GraphQLQuery>(
    _ query: Query, _ fetchBehavior: FetchBehavior, _ configuration: RequestConfiguration?
  ) throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Swift.Error> {
    let configuration = configuration ?? defaultRequestConfiguration
    return try ApolloClient.$clientAwarenessOfCurrentCall.withValue(clientAwarenessMetadata) {
      try networkTransport.send(query: query, fetchBehavior: fetchBehavior, requestConfiguration: configuration)
    }
  }

  private func sendMutation<Mutation: GraphQLMutation>(
    _ mutation: Mutation, _ configuration: RequestConfiguration?
  ) throws -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Swift.Error> {
    let configuration = configuration ?? defaultRequestConfiguration
    return try ApolloClient.$clientAwarenessOfCurrentCall.withValue(clientAwarenessMetadata) {
      try networkTransport.send(mutation: mutation, requestConfiguration: configuration)
    }
  }

  private func sendUpload<Operation: GraphQLOperation>(
    _ operation: Operation, _ files: [GraphQLFile], _ configuration: RequestConfiguration?
  ) throws -> AsyncThrowingStream<GraphQLResponse<Operation>, any Swift.Error> {
    guard let transport = networkTransport as? any UploadingNetworkTransport else { throw Error.noUploadTransport }
    let configuration = configuration ?? defaultRequestConfiguration
    return try ApolloClient.$clientAwarenessOfCurrentCall.withValue(clientAwarenessMetadata) {
      try transport.upload(operation: operation, files: files, requestConfiguration: configuration)
    }
  }

  /// What ``first(of:)`` over the transport's stream returns, worked out in the calling task: no task and no
  /// hand-off between the chain and the caller (``RequestChain/firstResult(request:)``). The client-awareness
  /// value is bound for the whole run, as the chain's task inherits it from `send`.
  private func firstResult<Operation: GraphQLOperation>(
    of operation: Operation, _ fetchBehavior: FetchBehavior, _ configuration: RequestConfiguration?,
    on transport: RequestChainNetworkTransport
  ) async throws -> GraphQLResponse<Operation> {
    let configuration = configuration ?? defaultRequestConfiguration
    return try await ApolloClient.$clientAwarenessOfCurrentCall.withValue(clientAwarenessMetadata) {
      try await transport.firstResult(for: operation, fetchBehavior: fetchBehavior, requestConfiguration: configuration)
    }
  }

  /// The first element; leaving the loop ends the stream, which cancels the rest of the chain.
  private func first<Element>(of stream: AsyncThrowingStream<Element, any Swift.Error>) async throws -> Element {
    for try await element in stream {
      return element
    }
    try Task.checkCancellation()
    throw Error.noResults
  }
}
