@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

/// A response or cache read that does not match the operation's selections, with the path of the
/// field where it failed.
public struct GraphQLExecutionError: Error, LocalizedError {
  /// The response path of the failing field (list indexes included).
  public let path: ResponsePath
  /// What was wrong: usually an `ApolloAPI.JSONDecodingError`.
  public let underlying: any Error

  /// Wraps `underlying` with the path where reading stopped; the executors build these, tests and adapters may too.
  public init(path: ResponsePath, underlying: any Error) {
    self.path = path
    self.underlying = underlying
  }

  /// The path joined with `.`.
  public var pathString: String { path.joined }

  /// Upstream's wording, including the stray `)` after the path, since logs and support tooling
  /// match on it.
  public var errorDescription: String? {
    "Error at path \"\(pathString))\": \(underlying.localizedDescription)"
  }
}
