import Foundation

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
