import ApolloCallbackChain
import ApolloCore
import ApolloLegacyRuntime
import Foundation

extension ApolloStore {
  /// Reads an `API.swift` operation's cached result (`source` `.cache`) in a read transaction off the calling thread,
  /// then calls `resultHandler` on `callbackQueue`, or on the transaction's thread when that is `nil`: 0.34–0.53's
  /// spelling, with the `query:` label 1.0 dropped. A miss is the failure `read(query:)` throws.
  public func load<Operation: GraphQLOperation>(query: Operation, callbackQueue: DispatchQueue? = nil,
                                                resultHandler: @escaping GraphQLResultHandler<Operation.Data>) {
    withinReadTransaction({ transaction -> GraphQLResult<Operation.Data> in
      let cached = try query.readData(from: transaction.store.cache)
      return GraphQLResult(data: cached.data, extensionsJSON: nil, errors: nil, source: .cache,
                           dependentKeySource: DependentKeys(cached.dependentKeys))
    }, callbackQueue: callbackQueue, completion: resultHandler)
  }
}
