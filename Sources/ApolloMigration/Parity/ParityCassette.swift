import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A live server's answers for one scenario, recorded once and replayed offline so a comparison is
/// deterministic in CI. Stored as readable, diffable JSON (one file per scenario, `<scenario>.json`):
///
/// ```json
/// {"cassetteVersion": 1, "scenario": "success", "recordedFrom": "https://api.example.com/graphql",
///  "exchanges": [{"request": {"method": "POST", "url": "…", "headers": {"authorization": "<redacted>"}, "body": "{…}"},
///                 "response": {"status": 200, "headers": {"content-type": "application/json"}, "body": "{…}"}}]}
/// ```
///
/// A body that is not UTF-8 is stored as `bodyBase64` instead of `body`; a response whose connection
/// failed after its body began has `"connectionLostMidBody": true`. Header values named in
/// ``redactedHeaders`` are replaced by `<redacted>` when recording: requests and responses only serve
/// to read and replay, so a secret never has to reach the file.
public struct ParityCassette: Sendable, Equatable {
  /// The file format's version.
  public static let version = 1
  /// Headers whose values are never written (compared case-insensitively); besides these, every header
  /// `Redaction.isSensitiveHeader` names (any name containing `token`, `secret`, ...).
  public static let redactedHeaders: Set<String> = Redaction.sensitiveHeaderNames

  /// A recorded request (for people reading the file; replay does not use it).
  public struct Request: Sendable, Equatable {
    /// The HTTP method.
    public var method: String
    /// The URL, query included.
    public var url: String
    /// Header names lower-cased, secrets redacted.
    public var headers: [String: String]
    /// The body as UTF-8 text (empty for none).
    public var body: String
  }

  /// A recorded response.
  public struct Response: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// Header names lower-cased, secrets redacted.
    public var headers: [String: String]
    /// The body's bytes, replayed exactly.
    public var body: Data
    /// Whether the connection failed after these bytes (stored as `"connectionLostMidBody": true`): the
    /// replay drops the connection there too, instead of ending a short body normally.
    public var connectionLostMidBody: Bool = false
  }

  /// The scenario the cassette belongs to.
  public var scenario: String
  /// Where it was recorded.
  public var recordedFrom: String
  /// The requests and responses in order; a `nil` response is a request that got none (a transport error).
  public var exchanges: [(request: Request, response: Response?)]

  public static func == (lhs: ParityCassette, rhs: ParityCassette) -> Bool {
    lhs.scenario == rhs.scenario && lhs.recordedFrom == rhs.recordedFrom && lhs.exchanges.count == rhs.exchanges.count
      && zip(lhs.exchanges, rhs.exchanges).allSatisfy { $0.request == $1.request && $0.response == $1.response }
  }

  /// The replies to replay, in order. A request that got no response replays as a lost connection, and
  /// one whose connection failed mid-body loses it after the recorded bytes.
  public var replies: [ParityReply] {
    exchanges.map { exchange in
      guard let response = exchange.response else { return .transportFailure(.networkConnectionLost) }
      guard response.connectionLostMidBody else {
        return .recorded(status: response.status, headers: response.headers, body: response.body)
      }
      return .recordedThenConnectionLost(status: response.status, headers: response.headers, body: response.body)
    }
  }

  /// A cassette of what `exchanges` sent and received, secrets redacted.
  public init(scenario: String, recordedFrom: URL, exchanges: [ParityRecordedExchange]) {
    self.scenario = scenario
    self.recordedFrom = recordedFrom.absoluteString
    self.exchanges = exchanges.map { exchange in
      let request = Request(
        method: exchange.request.httpMethod ?? "GET", url: exchange.request.url?.absoluteString ?? "",
        headers: Self.redacted(exchange.request.allHTTPHeaderFields ?? [:]),
        body: exchange.request.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "")
      let response = exchange.statusCode.map { status in
        Response(status: status, headers: Self.redacted(exchange.headers), body: exchange.body,
                 connectionLostMidBody: exchange.error != nil)
      }
      return (request, response)
    }
  }

  private static func redacted(_ headers: [String: String]) -> [String: String] {
    var result: [String: String] = [:]
    for (name, value) in headers {
      // Always `<redacted>`, even with `Redaction.revealsSecrets` on: cassettes get committed.
      result[name.lowercased()] = Redaction.isSensitiveHeader(name) ? "<redacted>" : value
    }
    return result
  }

  // MARK: File format

  /// The cassette as pretty, sorted-key JSON text.
  public func encoded() -> Data {
    let exchanges: [JSON] = self.exchanges.map { exchange in
      var object: JSON.Object = ["request": .object([
        "method": .string(exchange.request.method), "url": .string(exchange.request.url),
        "headers": .object(exchange.request.headers.mapValues { .string($0) }), "body": .string(exchange.request.body),
      ])]
      if let response = exchange.response {
        var responseObject: JSON.Object = [
          "status": .int(response.status), "headers": .object(response.headers.mapValues { .string($0) }),
        ]
        if let text = String(data: response.body, encoding: .utf8) {
          responseObject["body"] = .string(text)
        } else {
          responseObject["bodyBase64"] = .string(response.body.base64EncodedString())
        }
        if response.connectionLostMidBody { responseObject["connectionLostMidBody"] = .bool(true) }
        object["response"] = .object(responseObject)
      }
      return .object(object)
    }
    let file: JSON.Object = [
      "cassetteVersion": .int(Self.version), "scenario": .string(scenario), "recordedFrom": .string(recordedFrom),
      "exchanges": .array(exchanges),
    ]
    return Data((Self.pretty(.object(file), indent: "") + "\n").utf8)
  }

  /// Indented JSON with sorted keys, one member per line, so a re-recording diffs line by line.
  private static func pretty(_ value: JSON, indent: String) -> String {
    let inner = indent + "  "
    switch value {
    case .object(let object) where !object.isEmpty:
      let members = object.keys.sorted().map { key in
        "\(inner)\(JSONSerializer.string(.string(key))): \(pretty(object[key] ?? .null, indent: inner))"
      }
      return "{\n" + members.joined(separator: ",\n") + "\n\(indent)}"
    case .array(let array) where !array.isEmpty:
      return "[\n" + array.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    default:
      return JSONSerializer.string(value)
    }
  }

  /// Reads a cassette file's contents.
  /// - Throws: ``ParityCassetteError`` naming what is wrong.
  public init(decoding data: Data, source: String) throws {
    let root: JSON
    do { root = try JSONParser.parse(data) } catch { throw ParityCassetteError(file: source, problem: "not JSON: \(error)") }
    guard case .object(let file) = root else { throw ParityCassetteError(file: source, problem: "not a JSON object") }
    guard file["cassetteVersion"]?.intValue == Self.version else {
      throw ParityCassetteError(file: source, problem: "cassetteVersion must be \(Self.version)")
    }
    guard let scenario = file["scenario"]?.stringValue, case .array(let entries)? = file["exchanges"] else {
      throw ParityCassetteError(file: source, problem: "needs \"scenario\" and \"exchanges\"")
    }
    self.scenario = scenario
    self.recordedFrom = file["recordedFrom"]?.stringValue ?? ""
    self.exchanges = try entries.enumerated().map { index, entry in
      guard case .object(let exchange) = entry, case .object(let request)? = exchange["request"] else {
        throw ParityCassetteError(file: source, problem: "exchange \(index + 1) has no request object")
      }
      let recordedRequest = Request(
        method: request["method"]?.stringValue ?? "GET", url: request["url"]?.stringValue ?? "",
        headers: Self.strings(request["headers"]), body: request["body"]?.stringValue ?? "")
      guard case .object(let response)? = exchange["response"] else { return (recordedRequest, nil) }
      guard let status = response["status"]?.intValue else {
        throw ParityCassetteError(file: source, problem: "exchange \(index + 1): the response has no status")
      }
      var body = Data()
      // A hand-edited body of another kind (a JSON object, a number) would replay as an empty body on every stack,
      // which every stack then fails alike: the comparison would pass.
      for member in ["body", "bodyBase64"] where response[member].map({ $0.stringValue == nil }) ?? false {
        throw ParityCassetteError(file: source, problem: "exchange \(index + 1): the response's \(member) must be a string")
      }
      if let text = response["body"]?.stringValue {
        body = Data(text.utf8)
      } else if let encoded = response["bodyBase64"]?.stringValue {
        guard let decoded = Data(base64Encoded: encoded) else {
          throw ParityCassetteError(file: source, problem: "exchange \(index + 1): bodyBase64 is not base64")
        }
        body = decoded
      }
      let connectionLost = response["connectionLostMidBody"].map { $0 == .bool(true) } ?? false
      return (recordedRequest, Response(status: status, headers: Self.strings(response["headers"]), body: body,
                                        connectionLostMidBody: connectionLost))
    }
  }

  private static func strings(_ value: JSON?) -> [String: String] {
    guard case .object(let object)? = value else { return [:] }
    return object.compactMapValues(\.stringValue)
  }
}
