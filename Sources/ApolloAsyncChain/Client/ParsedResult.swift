import Foundation

/// A result on its way through the chain, with the records to write to the store.
public struct ParsedResult<Operation: GraphQLOperation>: Sendable, Hashable {
  /// The result handed to the caller.
  public let result: GraphQLResponse<Operation>
  /// Records to write; `nil` when the result must not be written (cache hits, `writeResultsToCache == false`).
  public let cacheRecords: RecordSet?

  /// A result and its records.
  public init(result: GraphQLResponse<Operation>, cacheRecords: RecordSet?) {
    self.result = result
    self.cacheRecords = cacheRecords
  }
}
