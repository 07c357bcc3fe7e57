import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a run over real HTTP could not be made.
public struct ParityLiveServerError: Error, CustomStringConvertible {
  /// What went wrong, and where.
  public let description: String
}

/// A real HTTP server that plays a scenario's replies: TestServer's `/_test/script` route loads them,
/// `/scripted` answers with them in order, and `/_test/requests?path=/scripted` returns what arrived.
struct ParityLiveServer: Sendable {
  /// Where the server lives, e.g. `http://127.0.0.1:4010`.
  let base: URL

  /// What the stacks send to.
  var endpoint: URL { base.appendingPathComponent("scripted") }

  /// The replies as TestServer's script, or `nil` when one cannot travel over HTTP (a failure before
  /// any response, such as connection refused).
  static func script(for replies: [ParityReply]) -> JSON? {
    var script: [JSON] = []
    for reply in replies {
      let response = reply.scripted
      guard response.failure == nil else { return nil }
      var body: [JSON] = []
      for event in response.body {
        switch event {
        case .data(let data): body.append(.object(["data": .string(data.base64EncodedString())]))
        case .delay(let delay): body.append(.object(["delayMs": .int(Int(delay.milliseconds))]))
        case .fail: body.append(.object(["drop": .bool(true)]))
        }
      }
      var object: JSON.Object = [
        "status": .int(response.statusCode),
        "headers": .object(response.headers.mapValues { .string($0) }),
        "body": .array(body),
      ]
      if let delay = response.headDelay { object["headDelayMs"] = .int(Int(delay.milliseconds)) }
      script.append(.object(object))
    }
    return .array(script)
  }

  /// Loads `replies` and clears the server's log of `/scripted` requests.
  func load(_ replies: [ParityReply]) async throws {
    guard let script = Self.script(for: replies) else {
      throw ParityLiveServerError(description: "a reply of this scenario cannot be played over HTTP")
    }
    var request = URLRequest(url: base.appendingPathComponent("_test/script"))
    request.httpMethod = "POST"
    request.httpBody = Data(JSONSerializer.string(script, sortedKeys: true).utf8)
    let (_, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
      throw ParityLiveServerError(description: "\(base) did not take the script (is it TestServer?)")
    }
  }

  /// The `/scripted` requests the server received, oldest first.
  func requests() async throws -> [ScriptedRequest] {
    var components = URLComponents(url: base.appendingPathComponent("_test/requests"), resolvingAgainstBaseURL: false)
    components?.queryItems = [URLQueryItem(name: "path", value: "/scripted")]
    guard let url = components?.url else { throw ParityLiveServerError(description: "bad server URL \(base)") }
    let (data, _) = try await URLSession.shared.data(for: URLRequest(url: url))
    guard case .array(let entries) = try JSONParser.parse(data) else {
      throw ParityLiveServerError(description: "the request log is not a JSON list")
    }
    var requests: [ScriptedRequest] = []
    for (index, entry) in entries.enumerated() {
      guard case .object(let fields) = entry else { continue }
      requests.append(ScriptedRequest(recorded: Self.urlRequest(from: fields), sequenceNumber: index + 1))
    }
    return requests
  }

  /// A log entry as the `URLRequest` the client sent (the headers the client or its `URLSession` set,
  /// names lower-cased by the server).
  private static func urlRequest(from entry: JSON.Object) -> URLRequest {
    let path = entry["path"]?.stringValue ?? "/"
    let query = entry["queryString"]?.stringValue ?? ""
    var components = URLComponents()
    components.scheme = "http"
    components.host = "live"
    components.path = path
    if !query.isEmpty { components.percentEncodedQuery = query }
    var request = URLRequest(url: components.url ?? URL(fileURLWithPath: path))
    request.httpMethod = entry["method"]?.stringValue
    if case .object(let headers)? = entry["headers"] {
      for (name, value) in headers {
        guard let value = value.stringValue, !Self.connectionHeaders.contains(name) else { continue }
        request.setValue(value, forHTTPHeaderField: name)
      }
    }
    if let body = entry["body"]?.stringValue, !body.isEmpty { request.httpBody = Data(body.utf8) }
    return request
  }

  /// Headers the HTTP stack adds on its own, the same for every stack: not part of a trace.
  static let connectionHeaders: Set<String> = [
    "host", "content-length", "connection", "user-agent", "accept-encoding", "accept-language", "transfer-encoding",
  ]
}

extension Duration {
  /// Whole milliseconds.
  var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
  }
}
