import Foundation

/// The two multipart protocols and the per-part rules of each.
enum MultipartSpec {
  case subscription
  case deferred

  /// The JSON to forward for one part; `nil` for parts that carry no result (heartbeats, null payloads).
  func parse(_ part: MultipartPart) -> Result<MultipartForwardedPart?, any Error> {
    switch self {
    case .subscription: return MultipartResponseSubscriptionParser.forwarded(part)
    case .deferred: return MultipartResponseDeferParser.forwarded(part)
    }
  }

  /// 1.x's part rules, as upstream 1.x: JSON may be named in any content-type directive, and a blank part
  /// is skipped (2.x differs; MIGRATION.md, section 4).
  static let partReading = MultipartPartReading(contentType: .anyDirective, blankPart: .skip)
}
