import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response body cut into chunks: one per multipart part, or the whole body.
public protocol AsyncChunkSequence: AsyncSequence, Sendable where Element == Data {}

/// What the chain sends requests through.
public protocol ApolloURLSession: Sendable {
  /// Starts the request; returns when the response head arrives, with the body still streaming.
  func chunks(for request: URLRequest) async throws -> (any AsyncChunkSequence, URLResponse)
}

/// Cuts a streaming body into chunks at `multipart/mixed` boundaries as bytes arrive.
///
/// Without a boundary the whole body is one chunk. Rules follow upstream: one leading CRLF is
/// stripped from each chunk, chunks starting with `--` (what follows the closing delimiter) and empty
/// chunks are dropped, and a boundary string not preceded by CRLF does not split.
public struct AsyncHTTPResponseChunkSequence: AsyncChunkSequence {
  public typealias Element = Data
  private let body: AsyncThrowingStream<Data, any Error>
  private let boundary: String?

  /// Chunks of `body`, cut at `boundary`.
  public init(body: AsyncThrowingStream<Data, any Error>, boundary: String?) {
    self.body = body
    self.boundary = boundary
  }

  /// Chunks of a streaming response, with the boundary taken from its `Content-Type`.
  public init(_ response: HTTPStreamingResponse) {
    let contentType = response.response.value(forHTTPHeaderField: "Content-Type") ?? ""
    self.init(body: response.body, boundary: MultipartChunkSplitter.boundary(fromContentType: contentType))
  }

  /// Reads the body and cuts it into chunks.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var upstream: AsyncThrowingStream<Data, any Error>.AsyncIterator
    var splitter: MultipartChunkSplitter
    var ready: [Data] = []
    var readyIndex = 0
    var finished = false
    /// A part over the size limit, thrown once the parts completed before it in the same slice are read.
    var overLimit: MultipartPartTooLargeError?

    public mutating func next() async throws -> Data? {
      while readyIndex == ready.count {
        if let overLimit {
          finished = true
          self.overLimit = nil
          throw overLimit
        }
        if finished { return nil }
        ready.removeAll(keepingCapacity: true)
        readyIndex = 0
        try Task.checkCancellation()
        if let bytes = try await upstream.next() {
          ready = splitter.append(bytes)
          if splitter.isOverPartSizeLimit { overLimit = MultipartPartTooLargeError(limit: splitter.maximumPartSize) }
        } else {
          finished = true
          ready = splitter.finish()
        }
      }
      defer { readyIndex += 1 }
      return ready[readyIndex]
    }
  }

  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(upstream: body.makeAsyncIterator(), splitter: MultipartChunkSplitter(boundary: boundary))
  }
}

extension HTTPStreamingSession {
  /// Starts the request and cuts its body into chunks.
  public func chunks(for request: URLRequest) async throws -> (any AsyncChunkSequence, URLResponse) {
    let response = try await start(request)
    return (AsyncHTTPResponseChunkSequence(response), response.response)
  }
}

extension ScriptedServer: ApolloURLSession {}
extension URLSessionStreamingSession: ApolloURLSession {}

extension URLSession: ApolloURLSession {
  /// Streams the response through a companion delegate-based session with this session's
  /// configuration: `URLSession.bytes(for:)` does not exist in swift-corelibs-foundation, and one
  /// code path keeps Linux and Apple platforms alike. This session's delegate, if it has one, still decides
  /// redirects and authentication challenges (certificate pinning, client certificates, HTTP authentication).
  public func chunks(for request: URLRequest) async throws -> (any AsyncChunkSequence, URLResponse) {
    try Task.checkCancellation()
    return try await StreamingCompanions.session(for: self).chunks(for: request)
  }
}

/// One streaming session per live `URLSession`, created on first use.
private enum StreamingCompanions {
  private final class Entry: Sendable {
    weak let owner: URLSession?
    let streaming: URLSessionStreamingSession
    init(owner: URLSession, streaming: URLSessionStreamingSession) {
      self.owner = owner
      self.streaming = streaming
    }
  }

  private static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

  static func session(for owner: URLSession) -> URLSessionStreamingSession {
    entries.withLock { entries in
      if let entry = entries[ObjectIdentifier(owner)], entry.owner === owner { return entry.streaming }
      // Drop companions of sessions that are gone, so the table stays as small as the live sessions.
      entries = entries.filter { $0.value.owner != nil }
      // The owner's delegate still decides redirects and authentication challenges (certificate pinning).
      let streaming = URLSessionStreamingSession(configuration: owner.configuration, forwardingFor: owner)
      entries[ObjectIdentifier(owner)] = Entry(owner: owner, streaming: streaming)
      return streaming
    }
  }
}
