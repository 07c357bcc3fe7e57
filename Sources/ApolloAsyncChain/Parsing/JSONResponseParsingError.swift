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
      return UnparsableBodyDescription.text(for: data)
    case .missingMultipartBoundary:
      return "Missing multipart boundary in the response 'content-type' header."
    case .invalidMultipartProtocol:
      return "Missing, or unknown, multipart specification protocol in the response 'content-type' header."
    }
  }
}
