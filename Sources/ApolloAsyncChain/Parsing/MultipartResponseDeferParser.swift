import Foundation

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
