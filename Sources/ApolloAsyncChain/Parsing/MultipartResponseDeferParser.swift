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
      case .unsupportedContentType(let type): return "Unsupported content type: application/json is required but got \(type)."
      case .cannotParseChunkData: return "The chunk data could not be parsed."
      case .cannotParsePayloadData: return "The payload data could not be parsed."
      }
    }
  }
}
