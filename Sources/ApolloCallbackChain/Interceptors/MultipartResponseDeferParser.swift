import Foundation

/// Parts of a `deferSpec=20220824` response (internal, as upstream).
enum MultipartResponseDeferParser {
  enum ParsingError: Error, LocalizedError, Equatable {
    case unsupportedContentType(type: String)
    case cannotParseChunkData
    case cannotParsePayloadData

    var errorDescription: String? {
      switch self {
      case .unsupportedContentType(let type): return "Unsupported content type: \(type)"
      case .cannotParseChunkData: return "The chunk data could not be parsed."
      case .cannotParsePayloadData: return "The payload data could not be parsed."
      }
    }
  }

  static func parse(_ part: MultipartPart) -> Result<Data?, any Error> {
    forwarded(part).map { $0?.data }
  }

  /// ``parse(_:)``, with the object the forwarded bytes parse to.
  static func forwarded(_ part: MultipartPart) -> Result<MultipartForwardedPart?, any Error> {
    Result {
      guard let object = try MultipartSpec.partReading.object(
        of: part, unsupportedContentType: { ParsingError.unsupportedContentType(type: $0) },
        unreadable: ParsingError.cannotParseChunkData)
      else { return nil }
      guard object["hasNext"] != nil else { throw ParsingError.cannotParsePayloadData }
      // Upstream requires `data` or `incremental`; the later format's `pending`/`completed` parts are accepted
      // too, and a bare `{"hasNext":false}` (the end marker of that format) carries nothing to forward.
      let carriesResult = object["data"] != nil || object["incremental"] != nil
        || object["completed"] != nil || object["pending"] != nil
      if carriesResult { return MultipartForwardedPart(data: part.body, object: object) }
      if object.count == 1 { return nil }
      throw ParsingError.cannotParsePayloadData
    }
  }
}
