import ApolloCore
import ApolloLegacyRuntime
import Foundation

// 0.x `API.swift` operations through the 0.x client: each is boxed (`LegacyOperationBox`, `LegacySubscriptionBox`) and
// handed to the client's own method for operations of the 1.x/2.x shape, so the cache policies, delivery queue,
// cancellation, store writes (tagged with `context`) and transport are those of every operation. The core's
// executor hands a box's response and cache reads to the 0.x executor (0.x's rules and keys); each result's
// `ResultMap` is then wrapped in the operation's own `Data`.

extension ApolloClient {
  /// Fetches a 0.x generated query following `cachePolicy`, as 0.x did.
  @discardableResult
  public func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
                                         context: UnsafeMutableRawPointer? = nil, queue: DispatchQueue = DispatchQueue.main,
                                         resultHandler: GraphQLResultHandler<Query.Data>? = nil) -> any Cancellable {
    sendBoxed(query, box: { try LegacyOperationBox($0) }, queue: queue, resultHandler: resultHandler) { box, handler in
      self.fetch(query: box, cachePolicy: cachePolicy, context: context, queue: queue, resultHandler: handler)
    }
  }

  /// Performs a 0.x generated mutation; the result is written to the store before the handler runs.
  @discardableResult
  public func perform<Mutation: GraphQLMutation>(mutation: Mutation, context: UnsafeMutableRawPointer? = nil,
                                                 queue: DispatchQueue = DispatchQueue.main,
                                                 resultHandler: GraphQLResultHandler<Mutation.Data>? = nil) -> any Cancellable {
    sendBoxed(mutation, box: { try LegacyOperationBox($0) }, queue: queue, resultHandler: resultHandler) { box, handler in
      self.perform(mutation: box, context: context, queue: queue, resultHandler: handler)
    }
  }

  /// Sends a 0.x generated operation with `files` as a multipart request; its result is written to the store. Fails
  /// with ``ApolloClient/ApolloClientError/noUploadTransport`` when the transport cannot upload.
  @discardableResult
  public func upload<Operation: GraphQLOperation>(operation: Operation, context: UnsafeMutableRawPointer? = nil,
                                                  files: [GraphQLFile], queue: DispatchQueue = .main,
                                                  resultHandler: GraphQLResultHandler<Operation.Data>? = nil) -> any Cancellable {
    sendBoxed(operation, box: { try LegacyOperationBox($0) }, queue: queue, resultHandler: resultHandler) { box, handler in
      self.upload(operation: box, context: context, files: files, queue: queue, resultHandler: handler)
    }
  }

  /// Subscribes to a 0.x generated subscription through the transport (a `WebSocketTransport` or
  /// `SplitNetworkTransport` from ApolloDelegateWebSocket): each event is written to the store, then `resultHandler`
  /// runs on `queue`, until the returned value is cancelled.
  @discardableResult
  public func subscribe<Subscription: GraphQLSubscription>(subscription: Subscription, queue: DispatchQueue = .main,
                                                           resultHandler: @escaping GraphQLResultHandler<Subscription.Data>) -> any Cancellable {
    sendBoxed(subscription, box: { try LegacySubscriptionBox($0) }, queue: queue, resultHandler: resultHandler) { box, handler in
      self.subscribe(subscription: box, queue: queue, resultHandler: handler)
    }
  }

  /// Boxes `operation` and starts `send` with a handler that unboxes each result; an operation that cannot be boxed
  /// (a variable with no JSON form) fails on `queue` before anything is sent.
  private func sendBoxed<Operation: GraphQLOperation, Box>(
    _ operation: Operation, box: (Operation) throws -> Box, queue: DispatchQueue,
    resultHandler: GraphQLResultHandler<Operation.Data>?,
    _ send: (Box, @escaping GraphQLResultHandler<LegacyResponsePlaceholder>) -> any Cancellable
  ) -> any Cancellable {
    let boxed: Box
    do {
      boxed = try box(operation)
    } catch {
      ResultDelivery(queue: queue, handler: resultHandler).deliver(.failure(error))
      return EmptyCancellable()
    }
    return send(boxed) { result in resultHandler?(result.map { GraphQLResult(unboxing: $0) }) }
  }
}

extension GraphQLResult where Data: GraphQLSelectionSet {
  /// A boxed operation's result, its `ResultMap` wrapped in the operation's own `Data`.
  init(unboxing boxed: GraphQLResult<LegacyResponsePlaceholder>) {
    let source: Source
    switch boxed.source {
    case .cache: source = .cache
    case .server: source = .server
    }
    self.init(data: boxed.data?.resultMap.map { Data(unsafeResultMap: $0) }, extensionsJSON: boxed.extensionsJSON,
              errors: boxed.errors, source: source, dependentKeySource: boxed.dependentKeySource)
  }
}
