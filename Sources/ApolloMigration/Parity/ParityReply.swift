import ApolloCore
import Foundation

/// One answer of the scripted server.
public enum ParityReply: Sendable {
  /// A JSON body with a status code.
  case json(JSON.Object, status: Int = 200)
  /// A body of exact bytes (UTF-8 text) with a status code and content type.
  case text(String, status: Int = 200, contentType: String = "application/json")
  /// A `multipart/mixed` body, one part per element; `spec` is `deferSpec=20220824` or `subscriptionSpec=1.0`.
  case multipart([String], spec: String = "deferSpec=20220824", delay: Duration? = nil)
  /// The connection fails before any response (connection refused, timeout, …).
  case transportFailure(URLError.Code)
  /// The response head arrives after a pause (for cancelling before the response).
  case delayed(Duration, JSON.Object)
  /// Part of a JSON body arrives, then the connection drops.
  case truncated(String)
  /// A response recorded from a real server (a cassette's), replayed byte for byte.
  case recorded(status: Int, headers: [String: String], body: Data)
  /// A recorded response whose connection dropped after these bytes, replayed so: the head and the bytes, then
  /// the connection is lost.
  case recordedThenConnectionLost(status: Int, headers: [String: String], body: Data)

  /// How long the server stays silent while giving this reply: a callback stack's step must not be taken
  /// as over during such a pause.
  var longestPause: Duration {
    switch self {
    case .delayed(let delay, _): return delay
    case .multipart(_, _, let delay?): return delay
    default: return .zero
    }
  }

  /// The scripted response for this reply.
  public var scripted: ScriptedResponse {
    switch self {
    case .json(let object, let status):
      return .json(object, statusCode: status)
    case .text(let text, let status, let contentType):
      return .text(text, statusCode: status, headers: ["Content-Type": contentType])
    case .multipart(let parts, let spec, let delay):
      return .multipart(parts, boundary: "graphql", spec: spec, delay: delay)
    case .transportFailure(let code):
      return .failure(URLError(code))
    case .delayed(let delay, let object):
      var response = ScriptedResponse.json(object)
      response.headDelay = delay
      return response
    case .truncated(let text):
      return ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"],
                              body: [.data(Data(text.utf8)), .fail(URLError(.networkConnectionLost))])
    case .recorded(let status, let headers, let body):
      return .raw(body, statusCode: status, headers: headers)
    case .recordedThenConnectionLost(let status, let headers, let body):
      return ScriptedResponse(statusCode: status, headers: headers,
                              body: [.data(body), .fail(URLError(.networkConnectionLost))])
    }
  }
}
