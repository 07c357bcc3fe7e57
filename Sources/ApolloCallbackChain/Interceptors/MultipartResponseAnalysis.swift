import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a response's `Content-Type` says about its parts: worked out once per response, not per part.
///
/// 1.x proceeds through the whole chain once per multipart part, and every part carries the same
/// `HTTPURLResponse`. Looking the header up (case-insensitively), cutting out the boundary and searching
/// for the protocol took about a sixth of a small part's time; the answer depends on the response
/// object alone, so the last one is remembered with it.
final class MultipartResponseAnalysis: Sendable {
  /// How the response's parts are read.
  enum Outcome: Sendable {
    /// Not `multipart/mixed`: the response passes on unchanged.
    case notMultipart
    case parts(boundary: String, spec: MultipartSpec)
    case failure(MultipartResponseParsingInterceptor.ParsingError)
  }

  private struct Remembered: @unchecked Sendable {
    // @unchecked Sendable: `HTTPURLResponse` is immutable after creation; it is held only to compare
    // identities, so a response that went away cannot be confused with a new one at the same address.
    let response: HTTPURLResponse
    let outcome: Outcome
  }

  private let last = Mutex<Remembered?>(nil)

  func outcome(for response: HTTPURLResponse) -> Outcome {
    if let remembered = last.withLock({ $0 }), remembered.response === response { return remembered.outcome }
    let outcome = Self.analyze(response.value(forHTTPHeaderField: "Content-Type") ?? "")
    last.withLock { $0 = Remembered(response: response, outcome: outcome) }
    return outcome
  }

  static func analyze(_ contentType: String) -> Outcome {
    guard MultipartContentType.isMultipartMixed(contentType) else { return .notMultipart }
    guard let boundary = MultipartChunkSplitter.boundary(fromContentType: contentType) else {
      return .failure(.missingMultipartBoundary)
    }
    if contentType.containsASCII("subscriptionSpec=1.0") || contentType.containsASCII("subscriptionSpec=\"1.0\"") {
      return .parts(boundary: boundary, spec: .subscription)
    }
    if contentType.containsASCII("deferSpec=20220824") {
      return .parts(boundary: boundary, spec: .deferred)
    }
    return .failure(.invalidMultipartProtocol)
  }
}
