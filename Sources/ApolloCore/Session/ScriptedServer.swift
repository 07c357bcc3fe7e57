import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as the scripted server sees it, with the GraphQL members already decoded.
public struct ScriptedRequest: Sendable {
  /// The request as sent.
  public let urlRequest: URLRequest
  /// The body (POST JSON) or the query items (GET) as a JSON object; `nil` for other bodies.
  public let graphQLBody: JSON.Object?
  /// 1 for the first request the server received, 2 for the second, …
  public let sequenceNumber: Int

  /// `operationName` from the body.
  public var operationName: String? { graphQLBody?["operationName"]?.stringValue }
  /// `query` from the body.
  public var query: String? { graphQLBody?["query"]?.stringValue }
  /// `variables` from the body.
  public var variables: JSON.Object? { graphQLBody?["variables"]?.objectValue }
  /// `extensions` from the body.
  public var extensions: JSON.Object? { graphQLBody?["extensions"]?.objectValue }
  /// The HTTP method.
  public var method: String { urlRequest.httpMethod ?? "GET" }
  /// A header value, looked up case-insensitively.
  public func header(_ name: String) -> String? { urlRequest.value(forHTTPHeaderField: name) }
}

extension ScriptedRequest {
  /// A request received elsewhere (a real server's request log), decoded as the scripted server decodes
  /// the requests it receives.
  public init(recorded urlRequest: URLRequest, sequenceNumber: Int) {
    self.init(urlRequest: urlRequest, graphQLBody: ScriptedServer.graphQLBody(of: urlRequest), sequenceNumber: sequenceNumber)
  }
}

/// What the scripted server answers: a response head, then body events, or a failure.
public struct ScriptedResponse: Sendable {
  /// One step of the body.
  public enum BodyEvent: Sendable {
    /// Bytes delivered to the client.
    case data(Data)
    /// A pause before the next event.
    case delay(Duration)
    /// The connection fails: the body stream ends with this error.
    case fail(any Error)
  }

  /// The HTTP status of the response head.
  public var statusCode: Int
  /// The response head's fields, as given (no `Content-Length` is added).
  public var headers: [String: String]
  /// What the body stream delivers, in order: chunks, pauses and a possible failure.
  public var body: [BodyEvent]
  /// When set, no response head is sent: the request fails with this error.
  public var failure: (any Error)?
  /// A pause before the response head.
  public var headDelay: Duration?

  /// By default an empty `200` response with no headers, sent at once.
  public init(statusCode: Int = 200, headers: [String: String] = [:], body: [BodyEvent] = [], failure: (any Error)? = nil,
              headDelay: Duration? = nil) {
    self.statusCode = statusCode
    self.headers = headers
    self.body = body
    self.failure = failure
    self.headDelay = headDelay
  }

  /// A JSON response.
  public static func json(_ object: JSON.Object, statusCode: Int = 200, headers: [String: String] = [:]) -> ScriptedResponse {
    raw(JSONSerializer.serialize(object), statusCode: statusCode, headers: ["Content-Type": "application/json"].merging(headers) { $1 })
  }

  /// A response with the exact bytes given.
  public static func raw(_ body: Data, statusCode: Int = 200, headers: [String: String] = [:]) -> ScriptedResponse {
    ScriptedResponse(statusCode: statusCode, headers: headers, body: body.isEmpty ? [] : [.data(body)])
  }

  /// A response with the UTF-8 text given.
  public static func text(_ body: String, statusCode: Int = 200, headers: [String: String] = [:]) -> ScriptedResponse {
    raw(Data(body.utf8), statusCode: statusCode, headers: headers)
  }

  /// A request that fails before any response arrives.
  public static func failure(_ error: any Error) -> ScriptedResponse {
    ScriptedResponse(failure: error)
  }

  /// A `multipart/mixed` response whose parts are written one body event each, `delay` apart.
  ///
  /// Each event ends with the delimiter, as servers write them, so a part can be cut as soon as it
  /// arrives: the first event is `\r\n--b\r\n<headers>\r\n\r\n<part>\r\n--b`, later ones
  /// `\r\n<headers>\r\n\r\n<part>\r\n--b`, and the close is `--\r\n`.
  ///
  /// - Parameters:
  ///   - parts: each part's body (JSON text), written with a `Content-Type: application/json` header.
  ///   - spec: the protocol directive, `deferSpec=20220824` or `subscriptionSpec=1.0`.
  ///   - close: whether the closing `--` is written after the last part.
  public static func multipart(
    _ parts: [String], boundary: String = "-", spec: String = "deferSpec=20220824", delay: Duration? = nil,
    close: Bool = true, statusCode: Int = 200
  ) -> ScriptedResponse {
    var events: [BodyEvent] = []
    for (index, part) in parts.enumerated() {
      if let delay, index > 0 { events.append(.delay(delay)) }
      let opening = index == 0 ? "\r\n--\(boundary)" : ""
      events.append(.data(Data("\(opening)\r\nContent-Type: application/json\r\n\r\n\(part)\r\n--\(boundary)".utf8)))
    }
    if close { events.append(.data(Data("--\r\n".utf8))) }
    return ScriptedResponse(
      statusCode: statusCode, headers: ["Content-Type": "multipart/mixed; boundary=\"\(boundary)\"; \(spec)"], body: events)
  }
}

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

/// Failures of the scripted server itself.
public enum ScriptedServerError: Error, Hashable, CustomStringConvertible {
  /// The server was built with a fixed list of responses and received more requests than that.
  case noMoreResponses
  public var description: String { "The scripted server has no response left for this request" }
}
