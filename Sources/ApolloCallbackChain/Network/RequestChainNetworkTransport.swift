import Foundation

/// Sends each operation through a fresh ``InterceptorRequestChain`` built from the provider (1.x).
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.RequestChainNetworkTransport; until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain runs these call sites on the 2.x engine")
#endif
open class RequestChainNetworkTransport: NetworkTransport {
  let interceptorProvider: any InterceptorProvider
  /// The GraphQL endpoint every request of this transport goes to.
  public let endpointURL: URL
  /// Headers added to every request; the transport's `Content-Type`, `Accept`, `X-APOLLO-*` and
  /// client-awareness headers override same-named ones.
  public private(set) var additionalHeaders: [String: String]
  /// Whether requests send the query's hash first (automatic persisted queries); see ``JSONRequest/autoPersistQueries``.
  public let autoPersistQueries: Bool
  /// Whether queries go as GET; mutations and uploads always POST.
  public let useGETForQueries: Bool
  /// Whether automatic persisted query requests go as GET; see ``JSONRequest/useGETForPersistedQueryRetry``.
  public let useGETForPersistedQueryRetry: Bool
  /// Whether request bodies carry `extensions.clientLibrary`.
  public let sendEnhancedClientAwareness: Bool
  /// Builds each request body; settable, and read at each send.
  public var requestBodyCreator: any RequestBodyCreator
  /// The client-name header's value; settable, read at each send.
  public var clientName = RequestChainNetworkTransport.defaultClientName
  /// The client-version header's value; settable, read at each send.
  public var clientVersion = RequestChainNetworkTransport.defaultClientVersion

  /// The `Accept` value of subscriptions over multipart HTTP.
  public static let subscriptionAcceptHeader = MultipartAcceptHeader.subscriptionValue
  /// The `Accept` value of queries and mutations (1.16+).
  public static let deferAcceptHeader = MultipartAcceptHeader.deferValue

  /// Note the label order: `requestBodyCreator` comes before the GET flags, as upstream.
  public init(interceptorProvider: any InterceptorProvider,
              endpointURL: URL,
              additionalHeaders: [String: String] = [:],
              autoPersistQueries: Bool = false,
              requestBodyCreator: any RequestBodyCreator = ApolloRequestBodyCreator(),
              useGETForQueries: Bool = false,
              useGETForPersistedQueryRetry: Bool = false,
              sendEnhancedClientAwareness: Bool = true) {
    self.interceptorProvider = interceptorProvider
    self.endpointURL = endpointURL
    self.additionalHeaders = additionalHeaders
    self.autoPersistQueries = autoPersistQueries
    self.requestBodyCreator = requestBodyCreator
    self.useGETForQueries = useGETForQueries
    self.useGETForPersistedQueryRetry = useGETForPersistedQueryRetry
    self.sendEnhancedClientAwareness = sendEnhancedClientAwareness
  }

  /// The request for one send: a `JSONRequest` with the transport's settings and the `Accept` header
  /// (which overrides an `Accept` in `additionalHeaders`).
  open func constructRequest<Operation: GraphQLOperation>(
    for operation: Operation,
    cachePolicy: CachePolicy,
    contextIdentifier: UUID? = nil,
    context: (any RequestContext)? = nil
  ) -> HTTPRequest<Operation> {
    Self.makeRequest(
      for: operation, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier, context: context,
      endpointURL: endpointURL, clientName: clientName, clientVersion: clientVersion,
      additionalHeaders: additionalHeaders, autoPersistQueries: autoPersistQueries, useGETForQueries: useGETForQueries,
      useGETForPersistedQueryRetry: useGETForPersistedQueryRetry, requestBodyCreator: requestBodyCreator,
      sendEnhancedClientAwareness: sendEnhancedClientAwareness)
  }

  /// What ``constructRequest(for:cachePolicy:contextIdentifier:context:)`` builds, from settings passed in
  /// rather than a transport's: ApolloMigration's facade over the 2.x chain builds its 1.x requests with it.
  package static func makeRequest<Operation: GraphQLOperation>(
    for operation: Operation, cachePolicy: CachePolicy, contextIdentifier: UUID?, context: (any RequestContext)?,
    endpointURL: URL, clientName: String, clientVersion: String, additionalHeaders: [String: String],
    autoPersistQueries: Bool, useGETForQueries: Bool, useGETForPersistedQueryRetry: Bool,
    requestBodyCreator: any RequestBodyCreator, sendEnhancedClientAwareness: Bool
  ) -> HTTPRequest<Operation> {
    let request = JSONRequest(
      operation: operation, graphQLEndpoint: endpointURL, contextIdentifier: contextIdentifier,
      clientName: clientName, clientVersion: clientVersion, additionalHeaders: additionalHeaders,
      cachePolicy: cachePolicy, context: context, autoPersistQueries: autoPersistQueries,
      useGETForQueries: useGETForQueries, useGETForPersistedQueryRetry: useGETForPersistedQueryRetry,
      requestBodyCreator: requestBodyCreator, sendEnhancedClientAwareness: sendEnhancedClientAwareness)
    request.addHeader(name: "Accept", value: MultipartAcceptHeader.value(for: Operation.operationType))
    return request
  }

  private func makeChain<Operation: GraphQLOperation>(operation: Operation, callbackQueue: DispatchQueue) -> InterceptorRequestChain {
    let chain = InterceptorRequestChain(interceptors: interceptorProvider.interceptors(for: operation),
                                        callbackQueue: callbackQueue)
    chain.additionalErrorHandler = interceptorProvider.additionalErrorInterceptor(for: operation)
    return chain
  }

  /// Builds the chain and the request, kicks off synchronously and returns the chain.
  public func send<Operation: GraphQLOperation>(
    operation: Operation,
    cachePolicy: CachePolicy = .default,
    contextIdentifier: UUID? = nil,
    context: (any RequestContext)? = nil,
    callbackQueue: DispatchQueue = .main,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    let chain = makeChain(operation: operation, callbackQueue: callbackQueue)
    let request = constructRequest(for: operation, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier,
                                   context: context)
    chain.kickoff(request: request, completion: completionHandler)
    return chain
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.RequestChainNetworkTransport; until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain runs these call sites on the 2.x engine")
#endif
extension RequestChainNetworkTransport: UploadingNetworkTransport {
  /// The upload request: no `Accept` header, as upstream.
  public func constructUploadRequest<Operation: GraphQLOperation>(
    for operation: Operation,
    with files: [GraphQLFile],
    context: (any RequestContext)? = nil,
    manualBoundary: String? = nil
  ) -> HTTPRequest<Operation> {
    UploadRequest(graphQLEndpoint: endpointURL, operation: operation, clientName: clientName,
                  clientVersion: clientVersion, additionalHeaders: additionalHeaders, files: files,
                  manualBoundary: manualBoundary, context: context, requestBodyCreator: requestBodyCreator,
                  sendEnhancedClientAwareness: sendEnhancedClientAwareness)
  }

  /// Builds an ``UploadRequest`` and runs it through a new chain from the provider, like `send`; the
  /// returned value cancels it.
  public func upload<Operation: GraphQLOperation>(
    operation: Operation,
    files: [GraphQLFile],
    context: (any RequestContext)?,
    callbackQueue: DispatchQueue = .main,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    let request = constructUploadRequest(for: operation, with: files, context: context)
    let chain = makeChain(operation: operation, callbackQueue: callbackQueue)
    chain.kickoff(request: request, completion: completionHandler)
    return chain
  }
}
