import ApolloAPI
import ApolloCore
import ApolloLegacyRuntime
import Foundation

// 0.x `API.swift` operations through the 0.x client: the same cache policies, delivery queue and cancellation as
// the client's generic methods, over the same transport (the operation is sent boxed, see
// `LegacyOperationBox`); the response is read, normalized and cached by `LegacyExecutor` with 0.x's rules.

extension ApolloClient {
  /// Fetches a 0.x generated query following `cachePolicy`, as 0.x did.
  @discardableResult
  public func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
                                         context: UnsafeMutableRawPointer? = nil, queue: DispatchQueue = DispatchQueue.main,
                                         resultHandler: GraphQLResultHandler<Query.Data>? = nil) -> any Cancellable {
    let delivery = ResultDelivery(queue: queue, handler: resultHandler)
    return CachePolicyFlow.fetch(cachePolicy, delivery: delivery, loadFromCache: { self.loadLegacy(query) }) { publish in
      self.sendLegacy(query, publish: publish, delivery: delivery)
    }
  }

  /// Performs a 0.x generated mutation; the result is written to the store before the handler runs.
  @discardableResult
  public func perform<Mutation: GraphQLMutation>(mutation: Mutation, context: UnsafeMutableRawPointer? = nil,
                                                 queue: DispatchQueue = DispatchQueue.main,
                                                 resultHandler: GraphQLResultHandler<Mutation.Data>? = nil) -> any Cancellable {
    sendLegacy(mutation, publish: true, delivery: ResultDelivery(queue: queue, handler: resultHandler))
  }

  private func sendLegacy<Operation: GraphQLOperation>(_ operation: Operation, publish: Bool,
                                                       delivery: ResultDelivery<Operation.Data>) -> any Cancellable {
    let box: LegacyOperationBox<Operation>
    do {
      box = try LegacyOperationBox(operation)
    } catch {
      delivery.deliver(.failure(error))
      return EmptyCancellable()
    }
    let store = self.store
    let variables = operation.variables
    let rootKey = operation.operationType.rootKey
    return networkTransport.send(operation: box) { result in
      delivery.deliver(result.flatMap { response in
        Result {
          try LegacyResponseReading.result(Operation.Data.self, of: response, variables: variables, rootKey: rootKey,
                                           publishingTo: publish ? store : nil)
        }
      })
    }
  }

  private func loadLegacy<Query: GraphQLQuery>(_ query: Query) -> Result<GraphQLResult<Query.Data>, any Error> {
    Result {
      let cached = try query.readData(from: store.cache)
      return GraphQLResult(data: cached.data, extensionsJSON: nil, errors: nil, source: .cache, dependentKeys: cached.dependentKeys)
    }
  }
}

/// Reads a response body into a 0.x operation's `Data`.
enum LegacyResponseReading {
  /// The result of `response`; when `store` is given, its records are written before returning.
  static func result<Data: GraphQLSelectionSet, Placeholder: ApolloAPI.RootSelectionSet>(
    _ type: Data.Type, of response: GraphQLResponse<Placeholder>, variables: GraphQLMap?, rootKey: CacheKey,
    publishingTo store: ApolloStore?
  ) throws -> GraphQLResult<Data> {
    let body = response.body
    var data: Data?
    if case .object(let object)? = body["data"] {
      var executor = LegacyExecutor(variables: variables, normalizing: store != nil,
                                    cacheKeyForObject: store?.normalizer.cacheKeyForObject)
      data = Data(unsafeResultMap: try executor.execute(Data.selections, on: LegacyJSONConversion.object(object), rootKey: rootKey))
      if let store { try store.publishRecords(executor.records) }
    }
    return GraphQLResult(data: data, extensionsJSON: body["extensions"]?.objectValue, errors: response.parseErrorsOnlyFast(),
                         source: .server, dependentKeys: nil)
  }
}
