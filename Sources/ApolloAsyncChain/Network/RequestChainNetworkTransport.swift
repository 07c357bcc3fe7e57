import Foundation

/// Sends operations over HTTP through a ``RequestChain``.
public final class RequestChainNetworkTransport: NetworkTransport, Sendable {
  /// The session requests go through.
  public let urlSession: any ApolloURLSession
  /// Supplies each send's interceptors.
  public let interceptorProvider: any InterceptorProvider
  /// The store the chain reads and writes.
  public let store: ApolloStore
  /// The GraphQL endpoint.
  public let endpointURL: URL
  /// Headers set on every request; they replace `Content-Type` / `Accept` when the names match.
  public let additionalHeaders: [String: String]
  /// Automatic persisted query options.
  public let apqConfig: AutoPersistedQueryConfiguration
  /// Send queries as GET.
  public let useGETForQueries: Bool
  /// Builds request bodies.
  public let requestBodyCreator: any JSONRequestBodyCreator

  /// A transport over `urlSession` to `endpointURL`, with the store and interceptors given.
  public init(
    urlSession: any ApolloURLSession, interceptorProvider: any InterceptorProvider, store: ApolloStore, endpointURL: URL,
    additionalHeaders: [String: String] = [:], apqConfig: AutoPersistedQueryConfiguration = .init(),
    requestBodyCreator: any JSONRequestBodyCreator = DefaultRequestBodyCreator(), useGETForQueries: Bool = false
  ) {
    self.urlSession = urlSession
    self.interceptorProvider = interceptorProvider
    self.store = store
    self.endpointURL = endpointURL
    self.additionalHeaders = additionalHeaders
    self.apqConfig = apqConfig
    self.requestBodyCreator = requestBodyCreator
    self.useGETForQueries = useGETForQueries
  }

  /// The request for one send.
  public func constructRequest<Operation: GraphQLOperation>(
    for operation: Operation, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) -> JSONRequest<Operation> {
    var request = JSONRequest(
      operation: operation, graphQLEndpoint: endpointURL, fetchBehavior: fetchBehavior,
      writeResultsToCache: requestConfiguration.writeResultsToCache, requestTimeout: requestConfiguration.requestTimeout,
      apqConfig: apqConfig, useGETForQueries: useGETForQueries, requestBodyCreator: requestBodyCreator)
    request.addHeaders(additionalHeaders)
    return request
  }

  /// Sends a query with the given fetch behaviour; results arrive on the stream.
  public func send<Query: GraphQLQuery>(
    query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Error> {
    kickoff(constructRequest(for: query, fetchBehavior: fetchBehavior, requestConfiguration: requestConfiguration))
  }

  /// Sends a mutation (always `NetworkOnly`).
  public func send<Mutation: GraphQLMutation>(
    mutation: Mutation, requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Error> {
    kickoff(constructRequest(for: mutation, fetchBehavior: .NetworkOnly, requestConfiguration: requestConfiguration))
  }

  private func kickoff<Request: GraphQLRequest>(_ request: Request) -> AsyncThrowingStream<GraphQLResponse<Request.Operation>, any Error> {
    chain(for: request).kickoff(request: request)
  }

  /// The first result `send(query:…)` or `send(mutation:…)` would deliver, worked out in the calling task
  /// (``RequestChain/firstResult(request:)``): the client's single-response `fetch` and `perform`.
  package func firstResult<Operation: GraphQLOperation>(
    for operation: Operation, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) async throws -> GraphQLResponse<Operation> {
    let request = constructRequest(for: operation, fetchBehavior: fetchBehavior, requestConfiguration: requestConfiguration)
    return try await chain(for: request).firstResult(request: request)
  }

  private func chain<Request: GraphQLRequest>(for request: Request) -> RequestChain<Request> {
    RequestChain<Request>(
      urlSession: urlSession, interceptors: interceptorProvider.interceptors(for: request.operation), store: store)
  }
}

extension RequestChainNetworkTransport: SubscriptionNetworkTransport {
  /// Subscribes over multipart HTTP.
  public func send<Subscription: GraphQLSubscription>(
    subscription: Subscription, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) throws -> SubscriptionStream<GraphQLResponse<Subscription>> {
    let request = constructRequest(for: subscription, fetchBehavior: fetchBehavior, requestConfiguration: requestConfiguration)
    let chain = chain(for: request)
    let state = SubscriptionStateStorage()
    let stream = AsyncThrowingStream<GraphQLResponse<Subscription>, any Error> { continuation in
      // The chain runs in this task, created inside `send` (so the caller's task-local values reach every
      // stage), rather than in a kickoff task of its own whose results this one would copy: one task and one
      // hand-off per payload fewer.
      let task = Task {
        do {
          try await chain.runInCurrentTask(request: request) { value in
            state.value = .active
            continuation.yield(value)
            return true
          }
          state.value = .finished(Task.isCancelled ? .cancelled : .completed)
          continuation.finish()
        } catch {
          // A cancelled subscription ends as cancelled, whatever the interrupted stage threw, as it did when
          // this task read a kickoff stream that a cancellation simply ended.
          if error is CancellationError || Task.isCancelled {
            state.value = .finished(.cancelled)
            continuation.finish(throwing: CancellationError())
          } else {
            state.value = .finished(.error(error))
            continuation.finish(throwing: error)
          }
        }
      }
      continuation.onTermination = { termination in
        if case .cancelled = termination { state.value = .finished(.cancelled) }
        task.cancel()
      }
    }
    return SubscriptionStream(stream: stream, stateProvider: { state.value })
  }
}

extension RequestChainNetworkTransport: UploadingNetworkTransport {
  /// The upload request for one send. As upstream, the configuration's timeout is not applied.
  public func constructUploadRequest<Operation: GraphQLOperation>(
    for operation: Operation, files: [GraphQLFile], requestConfiguration: RequestConfiguration
  ) -> UploadRequest<Operation> {
    var request = UploadRequest(
      operation: operation, graphQLEndpoint: endpointURL, files: files,
      writeResultsToCache: requestConfiguration.writeResultsToCache, requestBodyCreator: requestBodyCreator)
    request.addHeaders(additionalHeaders.filter { $0.key.lowercased() != "content-type" })
    return request
  }

  /// Sends an operation with files.
  public func upload<Operation: GraphQLOperation>(
    operation: Operation, files: [GraphQLFile], requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Operation>, any Error> {
    kickoff(constructUploadRequest(for: operation, files: files, requestConfiguration: requestConfiguration))
  }

  /// Whether operations are first sent as a persisted-query hash; 1.x's property, now read from ``apqConfig``.
  @available(*, deprecated, message: "Use apqConfig.autoPersistQueries")
  public var autoPersistQueries: Bool { apqConfig.autoPersistQueries }
  /// Whether the retry after `PersistedQueryNotFound` uses GET; 1.x's property, now read from ``apqConfig``.
  @available(*, deprecated, message: "Use apqConfig.useGETForPersistedQueryRetry")
  public var useGETForPersistedQueryRetry: Bool { apqConfig.useGETForPersistedQueryRetry }
}
