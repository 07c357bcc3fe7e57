import ApolloAPI
import ApolloCore

/// A 0.x generated subscription as the networking layer sends it: a ``LegacyOperationBox`` whose response format is
/// a subscription's (which a box of any operation cannot declare), so a client's `subscribe` takes it.
package struct LegacySubscriptionBox<Operation: GraphQLSubscription>: ApolloAPI.GraphQLSubscription, SelfExecutingOperation {
  package typealias Data = LegacyResponsePlaceholder
  private typealias Box = LegacyOperationBox<Operation>

  private let box: Box

  /// - Throws: ``LegacyOperationError/variableHasNoJSONForm(_:)`` for a variable that is not JSON.
  package init(_ operation: Operation) throws {
    box = try Box(operation)
  }

  package static var operationName: String { Box.operationName }
  package static var operationDocument: OperationDocument { Box.operationDocument }
  package var __variables: Variables? { box.__variables }

  package static func executeResponse(
    data: JSON.Object, variables: Variables?, normalizing: Bool, cacheKeyForObject: CacheKeyForObject?
  ) throws -> (data: LegacyResponsePlaceholder, records: RecordSet?) {
    try Box.executeResponse(data: data, variables: variables, normalizing: normalizing, cacheKeyForObject: cacheKeyForObject)
  }

  package static func readFromCache(
    _ cache: any NormalizedCache, variables: Variables?
  ) throws -> (data: LegacyResponsePlaceholder, dependentKeys: Set<CacheKey>) {
    try Box.readFromCache(cache, variables: variables)
  }
}
