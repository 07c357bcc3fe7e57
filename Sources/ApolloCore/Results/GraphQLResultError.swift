import Foundation

/// A failure while reading a response (or cached data) into an operation's `Data`, at a response path: what 0.x
/// delivered, for both shapes of generated code, and what the `API.swift` executor throws on every chain.
public struct GraphQLResultError: Error, LocalizedError {
  let path: [String]
  /// What went wrong, usually a ``JSONDecodingError``.
  public let underlying: any Error

  /// The response path of the failing field, joined with `.` (0.x kept it internal; the parity
  /// harness compares it across generations).
  public var pathString: String { path.joined(separator: ".") }

  package init(path: [String], underlying: any Error) {
    self.path = path
    self.underlying = underlying
  }

  /// `Error at path "<path>)": <underlying>`, with 0.x's stray `)` kept verbatim, since callers
  /// matched on this text.
  public var errorDescription: String? {
    "Error at path \"\(path.joined(separator: ".")))\": \(underlying)"
  }
}
