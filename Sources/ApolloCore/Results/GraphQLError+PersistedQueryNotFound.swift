import Foundation

// The answer every generation's automatic persisted queries react to: a server that does not know a
// hash-only request's hash says so with this error message, and the client resends with the document.

extension GraphQLError {
  /// The message of the error a server answers a hash-only request with when it does not know the hash.
  public static let persistedQueryNotFoundMessage = "PersistedQueryNotFound"

  /// Whether this is the server's "persisted query not found" answer.
  public var isPersistedQueryNotFound: Bool { message == Self.persistedQueryNotFoundMessage }
}

extension Sequence<GraphQLError> {
  /// Whether any of these errors is the server's "persisted query not found" answer.
  public var containsPersistedQueryNotFound: Bool { contains(where: \.isPersistedQueryNotFound) }
}
