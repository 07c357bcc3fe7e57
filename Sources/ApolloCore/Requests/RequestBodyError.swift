import Foundation

/// A body member was asked for that the operation cannot provide.
///
/// Upstream stops the process with `preconditionFailure` here; a typed error lets the caller recover.
public enum RequestBodyError: Error, Hashable, CustomStringConvertible, LocalizedError {
  /// The document was asked for, but the operation is persisted-only.
  case missingQueryDocument(operationName: String)
  /// A persisted query was asked for, but the operation has no identifier.
  case missingOperationIdentifier(operationName: String)

  public var description: String {
    switch self {
    case .missingQueryDocument(let name):
      return "Operation \(name) has no document to send; it is persisted-only"
    case .missingOperationIdentifier(let name):
      return "Operation \(name) has no persisted-query identifier"
    }
  }

  public var errorDescription: String? { description }
}
