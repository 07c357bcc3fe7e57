import Foundation

/// Parts of a `subscriptionSpec=1.0` response (internal, as upstream; apps see `any Error`).
enum MultipartResponseSubscriptionParser {
  enum ParsingError: Error, LocalizedError, Equatable {
    case unsupportedContentType(type: String)
    case cannotParseChunkData
    case irrecoverableError(message: String?)
    case cannotParsePayloadData
    case cannotParseErrorData

    var errorDescription: String? {
      switch self {
      case .unsupportedContentType(let type): return "Unsupported content type: \(type)"
      case .cannotParseChunkData: return "The chunk data could not be parsed."
      case .irrecoverableError(let message): return "An irrecoverable error occured: \(message ?? "unknown")."
      case .cannotParsePayloadData: return "The payload data could not be parsed."
      case .cannotParseErrorData: return "The error data could not be parsed."
      }
    }
  }

  static func parse(_ part: MultipartPart) -> Result<Data?, any Error> {
    forwarded(part).map { $0?.data }
  }

  /// ``parse(_:)``, with the payload object the forwarded bytes were written from.
  static func forwarded(_ part: MultipartPart) -> Result<MultipartForwardedPart?, any Error> {
    Result {
      guard let object = try MultipartSpec.partReading.object(
        of: part, unsupportedContentType: { ParsingError.unsupportedContentType(type: $0) },
        unreadable: ParsingError.cannotParseChunkData)
      else { return nil }
      if object.isEmpty { return nil }  // heartbeat
      switch object["errors"] {
      case nil, .null?: break
      case .array(let errors)?: throw ParsingError.irrecoverableError(message: errors.first?["message"]?.stringValue)
      default: throw ParsingError.cannotParseErrorData
      }
      switch object["payload"] {
      case nil, .null?: return nil
      case .object(let payload)?: return MultipartForwardedPart(writing: payload)
      default: throw ParsingError.cannotParsePayloadData
      }
    }
  }
}
