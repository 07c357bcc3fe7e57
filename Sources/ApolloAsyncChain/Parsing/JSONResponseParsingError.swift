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

/// Parsing `@defer` multipart parts.
public struct MultipartResponseDeferParser {
  /// Why a `@defer` part could not be read.
  public enum ParsingError: Swift.Error, LocalizedError, Equatable {
    case unsupportedContentType(type: String)
    case cannotParseChunkData
    case cannotParsePayloadData

    public var errorDescription: String? {
      switch self {
      case .unsupportedContentType(let type): return "Unsupported content type in a multipart part: \(type)"
      case .cannotParseChunkData: return "A multipart part could not be read."
      case .cannotParsePayloadData: return "A multipart part is not an incremental delivery payload."
      }
    }
  }
}

/// Parsing subscription multipart parts.
public struct MultipartResponseSubscriptionParser {
  /// Why a subscription part could not be read.
  public enum ParsingError: Swift.Error, LocalizedError, Equatable {
    case unsupportedContentType(type: String)
    case cannotParseChunkData
    /// The transport reported fatal errors; the subscription ends.
    case irrecoverableErrors([GraphQLError])
    case cannotParsePayloadData

    public var errorDescription: String? {
      switch self {
      case .unsupportedContentType(let type): return "Unsupported content type in a multipart part: \(type)"
      case .cannotParseChunkData: return "A multipart part could not be read."
      case .irrecoverableErrors(let errors):
        return "The subscription ended with errors: \(errors.map(\.description).joined(separator: "; "))"
      case .cannotParsePayloadData: return "A multipart part carries no subscription payload."
      }
    }
  }
}
