import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An in-process HTTP server driven by a script: requests in; responses, multipart parts, delays and
/// failures out. It stands behind every generation's session seam, so the same script can drive each stack.
public final class ScriptedServer: HTTPStreamingSession {
  /// Answers one request with a scripted response; a thrown error fails the request as a network failure would.
  public typealias Handler = @Sendable (ScriptedRequest) async throws -> ScriptedResponse

  /// How many requests ``requests`` keeps: enough for any test, bounded so a long run stays flat.
  public static let requestLogLimit = 1_000

  private let handler: Handler
  private let log = Mutex<(received: Int, recent: [ScriptedRequest])>((0, []))

  /// A server that answers each request with `handler`; a thrown error fails the request before any response.
  public init(handler: @escaping Handler) {
    self.handler = handler
  }

  /// A server that answers requests with `responses` in order, and fails once they run out.
  public convenience init(responses: [ScriptedResponse]) {
    let queue = Mutex(responses[...])
    self.init { _ in
      guard let next = queue.withLock({ $0.popFirst() }) else { throw ScriptedServerError.noMoreResponses }
      return next
    }
  }

  /// The requests received so far, in order: all of them, or the last ``requestLogLimit``.
  public var requests: [ScriptedRequest] { log.withLock { $0.recent } }

  /// How many requests have arrived in all (``requests`` keeps only the most recent).
  public var receivedCount: Int { log.withLock { $0.received } }

  public func start(_ request: URLRequest) async throws -> HTTPStreamingResponse {
    try Task.checkCancellation()
    let scripted = log.withLock { log in
      log.received += 1
      let entry = ScriptedRequest(urlRequest: request, graphQLBody: Self.graphQLBody(of: request), sequenceNumber: log.received)
      if log.recent.count == Self.requestLogLimit { log.recent.removeFirst(Self.requestLogLimit / 2) }
      log.recent.append(entry)
      return entry
    }
    let response = try await handler(scripted)
    if let delay = response.headDelay { try await Task.sleep(for: delay) }
    if let failure = response.failure { throw failure }
    try Task.checkCancellation()
    guard let url = request.url,
      let head = HTTPURLResponse(url: url, statusCode: response.statusCode, httpVersion: "HTTP/1.1", headerFields: response.headers)
    else { throw HTTPStreamingSessionError.nonHTTPResponse }
    let events = response.body
    let body = AsyncThrowingStream<Data, any Error> { continuation in
      // Without delays the body is delivered synchronously: no task hop on the hot path.
      guard events.contains(where: { if case .delay = $0 { return true } else { return false } }) else {
        for event in events {
          switch event {
          case .data(let data): continuation.yield(data)
          case .fail(let error): continuation.finish(throwing: error); return
          case .delay: break
          }
        }
        continuation.finish()
        return
      }
      let task = Task {
        for event in events {
          switch event {
          case .data(let data): continuation.yield(data)
          case .fail(let error): continuation.finish(throwing: error); return
          case .delay(let duration):
            // Cancelled only when the consumer has gone away: end quietly, nobody is listening.
            do { try await Task.sleep(for: duration) } catch { continuation.finish(); return }
          }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
    return HTTPStreamingResponse(response: head, body: body)
  }

  static func graphQLBody(of request: URLRequest) -> JSON.Object? {
    if let body = request.httpBody, !body.isEmpty {
      return try? JSONParser.parseObject(body)
    }
    guard let url = request.url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems,
      !items.isEmpty
    else { return nil }
    var object: JSON.Object = [:]
    for item in items {
      guard let value = item.value else { object[item.name] = .null; continue }
      if let parsed = try? JSONParser.parse(Data(value.utf8)), parsed.objectValue != nil {
        object[item.name] = parsed
      } else {
        object[item.name] = .string(value)
      }
    }
    return object
  }
}
