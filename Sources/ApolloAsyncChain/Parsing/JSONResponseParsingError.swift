import Foundation

/// Why a response body could not be read.
public enum JSONResponseParsingError: Error, LocalizedError, Equatable {
  /// The body (or a part's body) is not a JSON object; the bytes are kept.
  case couldNotParseToJSON(data: Data)
  /// A `multipart/mixed` response without a boundary.
  case missingMultipartBoundary
  /// A `multipart/mixed` response whose protocol directive is missing or not supported.
  case invalidMultipartProtocol

  public var errorDescription: String? {
    switch self {
    case .couldNotParseToJSON(let data):
      return "Could not parse the response body (\(data.count) bytes) as a JSON object."
    case .missingMultipartBoundary:
      return "A multipart response arrived without a boundary."
    case .invalidMultipartProtocol:
      return "A multipart response arrived with a missing or unsupported protocol (deferSpec / subscriptionSpec)."
    }
  }
}
