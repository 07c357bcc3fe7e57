import Foundation

extension WebSocketTransport: NetworkTransport {
  /// Sends `operation` over the socket and calls `completionHandler` on `callbackQueue` for each result: once for a
  /// query or mutation, once per event for a subscription. With a store, each result's records are published
  /// first. While the connection is down after an error, fails at once with that ``WebSocketError``. Cancelling
  /// sends `stop` / `complete` and drops the handler. `cachePolicy` is not used: the socket never reads the cache.
  public func send<Operation: GraphQLOperation>(
    operation: Operation,
    cachePolicy: CachePolicy,
    contextIdentifier: UUID? = nil,
    context: (any RequestContext)? = nil,
    callbackQueue: DispatchQueue = .main,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    let handler = Transfer(completionHandler)
    let callCompletion: (Result<GraphQLResult<Operation.Data>, any Error>) -> Void = { result in
      callbackQueue.async { handler.value(result) }
    }
    if let error {
      callCompletion(.failure(error))
      return EmptyCancellable()
    }
    let store = self.store
    let id = sendHelper(operation: operation) { result in
      switch result {
      case .success(let body):
        do {
          let response = GraphQLResponseBody(body)
          guard let store else {
            callCompletion(.success(try Self.result(of: response, for: operation, normalizer: nil).result))
            return
          }
          let (graphQLResult, records) = try Self.result(of: response, for: operation, normalizer: store.normalizer)
          guard let records else {
            callCompletion(.success(graphQLResult))
            return
          }
          store.publish(records: records, identifier: contextIdentifier, callbackQueue: callbackQueue) { published in
            switch published {
            case .success: handler.value(.success(graphQLResult))
            case .failure(let error): callCompletion(.failure(error))
            }
          }
        } catch {
          callCompletion(.failure(error))
        }
      case .failure(let error):
        callCompletion(.failure(error))
      }
    }
    return WebSocketOperation(transport: self, id: id)
  }

  /// The typed result of one payload and, with a normalizer, its records (1.x's `parseResult` with a store,
  /// `parseResultFast` without).
  private static func result<Operation: GraphQLOperation>(
    of body: GraphQLResponseBody, for operation: Operation, normalizer: ResponseNormalizer?
  ) throws -> (result: GraphQLResult<Operation.Data>, records: RecordSet?) {
    var data: Operation.Data?
    var records: RecordSet?
    if let json = body.data {
      (data, records) = try (normalizer ?? ResponseNormalizer()).execute(operation, data: json, normalizing: normalizer != nil)
    }
    let result = GraphQLResult(data: data, extensionsJSON: body.extensions, errors: body.errors, source: .server,
                               dependentKeySource: records.map { DependentKeys(fieldsOf: $0) })
    return (result, records)
  }
}
