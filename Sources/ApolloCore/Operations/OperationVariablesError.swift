import Foundation

/// An operation variable whose value has no JSON form, so the request cannot be built.
public struct OperationVariablesError: Error, Hashable, CustomStringConvertible, LocalizedError {
  /// The operation being sent.
  public let operationName: String
  /// The variable whose value could not be encoded.
  public let variableName: String

  public var description: String {
    "Variable \"\(variableName)\" of operation \(operationName) has no JSON form"
  }

  public var errorDescription: String? { description }
}
