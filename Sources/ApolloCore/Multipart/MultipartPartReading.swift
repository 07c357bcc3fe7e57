import Foundation

/// How a generation reads the GraphQL JSON out of one ``MultipartPart``: the two rules where upstream 1.x
/// and 2.x differ, and the steps they share (content type, then blank body, then JSON object).
///
/// Each generation keeps its upstream rules (MIGRATION.md, section 4, "Differences below the catalog"):
/// 1.x takes a part as JSON when any `;`-directive of its content type is a JSON media type and skips a
/// blank part; 2.x reads only the first directive and cannot read a blank part that has no headers at all.
public struct MultipartPartReading: Sendable, Hashable {
  /// Which directives of a part's `Content-Type` must name a JSON media type.
  public enum ContentTypeRule: Sendable, Hashable {
    /// Any `;`-separated directive; an unsupported type is reported as its trimmed directives joined by `;`.
    case anyDirective
    /// The first directive (the media type); an unsupported type is reported as the header value.
    case firstDirective
  }

  /// What a part whose body is only whitespace means.
  public enum BlankPartRule: Sendable, Hashable {
    /// Nothing to forward, whatever its headers.
    case skip
    /// Nothing to forward when it has headers; without any header it is unreadable.
    case skipOnlyWithHeaders
  }

  /// What one part holds, as these rules read it.
  public enum Content: Sendable, Hashable {
    /// A JSON object to interpret by the multipart protocol (defer or subscription).
    case object(JSON.Object)
    /// Nothing to forward.
    case nothing
    /// The part declares a content type that is not JSON; the associated value is the type as reported.
    case unsupportedContentType(String)
    /// The body is not a JSON object (or, under ``BlankPartRule/skipOnlyWithHeaders``, a blank headerless part).
    case unreadable
  }

  /// The content-type rule.
  public let contentType: ContentTypeRule
  /// The blank-part rule.
  public let blankPart: BlankPartRule

  /// Rules for reading parts.
  public init(contentType: ContentTypeRule, blankPart: BlankPartRule) {
    self.contentType = contentType
    self.blankPart = blankPart
  }

  /// The part's declared content type when it is not a JSON media type under these rules; `nil` when the
  /// part declares none (it is taken as JSON) or declares JSON.
  public func unsupportedContentType(of part: MultipartPart) -> String? {
    guard let declared = part.contentType else { return nil }
    // What nearly every part declares, JSON under either rule: no splitting for it.
    if declared == "application/json" { return nil }
    switch contentType {
    case .anyDirective:
      let directives = declared.split(separator: ";").map { String($0.trimmingHTTPWhitespace()) }
      let isJSON = directives.contains { MultipartPart.graphQLMediaTypes.contains($0.lowercased()) }
      return isJSON ? nil : directives.joined(separator: ";")
    case .firstDirective:
      let mediaType = declared.split(separator: ";", maxSplits: 1).first.map {
        $0.trimmingHTTPWhitespace().lowercased()
      } ?? ""
      return MultipartPart.graphQLMediaTypes.contains(mediaType) ? nil : declared
    }
  }

  /// Reads `part`: its content type first, then a blank body, then the body as a JSON object.
  public func content(of part: MultipartPart) -> Content {
    if let unsupported = unsupportedContentType(of: part) { return .unsupportedContentType(unsupported) }
    if part.bodyIsBlank {
      switch blankPart {
      case .skip: return .nothing
      case .skipOnlyWithHeaders: return part.headers.isEmpty ? .unreadable : .nothing
      }
    }
    guard let object = try? JSONParser.parseObject(part.body) else { return .unreadable }
    return .object(object)
  }

  /// ``content(of:)`` in the caller's own errors: the part's JSON object, or `nil` when it holds nothing to
  /// forward.
  ///
  /// - Throws: `unsupportedContentType(type)` for a declared type that is not JSON, `unreadable` for a body
  ///   that is not a JSON object.
  public func object(
    of part: MultipartPart, unsupportedContentType: (String) -> any Error, unreadable: @autoclosure () -> any Error
  ) throws -> JSON.Object? {
    switch content(of: part) {
    case .object(let object): return object
    case .nothing: return nil
    case .unsupportedContentType(let type): throw unsupportedContentType(type)
    case .unreadable: throw unreadable()
    }
  }
}
