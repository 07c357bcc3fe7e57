import Foundation

/// Parsing `@defer` multipart parts.
public struct MultipartResponseDeferParser {
  /// Why a `@defer` part could not be read.
  public enum ParsingError: Swift.Error, LocalizedError, Equatable {
    /// A part's `content-type` does not name JSON (only its first directive counts, as upstream 2.x).
    case unsupportedContentType(type: String)
    /// A part's body is not a JSON object, or a blank part has no headers.
    case cannotParseChunkData
    /// An incremental part could not be merged into the result so far (a bad `path`, or no initial payload).
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
