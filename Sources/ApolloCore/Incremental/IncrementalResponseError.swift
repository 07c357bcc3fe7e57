import Foundation

/// An `@defer` payload that cannot be merged into the response built so far.
public enum IncrementalResponseError: Error, Hashable, CustomStringConvertible, LocalizedError {
  /// An incremental payload arrived before the initial one.
  case missingExistingData
  /// An incremental item has no `path` (and no `id` naming a pending path).
  case missingPath
  /// An incremental item names a pending `id` the server never announced.
  case unknownPendingID(String)
  /// The item's path does not lead to an object in the response built so far.
  case unresolvablePath(String)
  /// Merging the item would nest the response deeper than ``JSONParser/maximumDepth`` arrays and objects.
  case nestingTooDeep

  public var description: String {
    switch self {
    case .missingExistingData: return "Received incremental data before the initial response"
    case .missingPath: return "An incremental item has no path"
    case .unknownPendingID(let id): return "An incremental item refers to pending id \(id), which was never announced"
    case .unresolvablePath(let path): return "The incremental path \(path) does not lead to an object in the response"
    case .nestingTooDeep: return "An incremental item would nest the response more than \(JSONParser.maximumDepth) deep"
    }
  }

  public var errorDescription: String? { description }
}
