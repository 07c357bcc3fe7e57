import Foundation

/// Parsing subscription multipart parts.
public struct MultipartResponseSubscriptionParser {
  /// Why a subscription part could not be read.
  public enum ParsingError: Swift.Error, LocalizedError, Equatable {
    /// A part's `content-type` does not name JSON (only its first directive counts, as upstream 2.x).
    case unsupportedContentType(type: String)
    /// A part's body is not a JSON object, or a blank part has no headers.
    case cannotParseChunkData
    /// The transport reported fatal errors; the subscription ends.
    case irrecoverableErrors([GraphQLError])
    /// Never produced by this package: a part whose `payload` is not an object carries no result and is
    /// skipped, as in upstream 2.x. Kept for source compatibility with upstream 2.x, which declares it.
    case cannotParsePayloadData

    public var errorDescription: String? {
      switch self {
      case .unsupportedContentType(let type): return "Unsupported content type: application/json is required but got \(type)."
      case .cannotParseChunkData: return "The chunk data could not be parsed."
      case .irrecoverableErrors:
        // Upstream's words; the errors themselves are the associated value.
        return "An irrecoverable error occured."
      case .cannotParsePayloadData: return "The payload data could not be parsed."
      }
    }
  }
}
