@_exported import ApolloAsyncChain
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `graphql-transport-ws` messages the client sends.
enum ClientMessage: Sendable, Equatable {
  case connectionInit(payload: JSON.Object?)
  case ping(payload: JSON.Object?)
  case pong(payload: JSON.Object?)
  case subscribe(id: String, payload: JSON.Object)
  case complete(id: String)

  /// The JSON text, keys in a fixed order (`type`, `id`, `payload`). Unlike upstream the id is JSON-escaped.
  var text: String {
    switch self {
    case .connectionInit(let payload): return Self.build("connection_init", id: nil, payload: payload)
    case .ping(let payload): return Self.build("ping", id: nil, payload: payload)
    case .pong(let payload): return Self.build("pong", id: nil, payload: payload)
    case .subscribe(let id, let payload): return Self.build("subscribe", id: id, payload: payload)
    case .complete(let id): return Self.build("complete", id: id, payload: nil)
    }
  }

  var message: URLSessionWebSocketTask.Message { .string(text) }

  private static func build(_ type: String, id: String?, payload: JSON.Object?) -> String {
    var text = "{\"type\":\"\(type)\""
    if let id { text += ",\"id\":" + JSONSerializer.string(.string(id)) }
    if let payload { text += ",\"payload\":" + JSONSerializer.string(.object(payload)) }
    return text + "}"
  }
}

/// `graphql-transport-ws` messages the server sends.
enum ServerMessage: Sendable, Equatable {
  case connectionAck(payload: JSON.Object?)
  case ping(payload: JSON.Object?)
  case pong(payload: JSON.Object?)
  case next(id: String, payload: JSON.Object)
  case error(id: String, errors: [GraphQLError])
  case complete(id: String)

  /// Parses one frame. Non-JSON throws the JSON error; a JSON message that is not a valid server message
  /// throws ``WebSocketTransport/Error/unrecognizedMessage``.
  init(_ message: URLSessionWebSocketTask.Message) throws {
    let data: Data
    switch message {
    case .string(let text): data = Data(text.utf8)
    case .data(let bytes): data = bytes
    @unknown default: throw WebSocketTransport.Error.unrecognizedMessage
    }
    try self.init(data: data)
  }

  init(data: Data) throws {
    let object = try JSONParser.parseObject(data)
    guard let type = object["type"]?.stringValue else { throw WebSocketTransport.Error.unrecognizedMessage }
    func id() throws -> String {
      switch object["id"] {
      case .string(let id)?: return id
      case .int(let id)?: return String(id)
      default: throw WebSocketTransport.Error.unrecognizedMessage
      }
    }
    let payload = object["payload"]?.objectValue
    switch type {
    case "connection_ack": self = .connectionAck(payload: payload)
    case "ping": self = .ping(payload: payload)
    case "pong": self = .pong(payload: payload)
    case "next":
      let id = try id()
      guard let payload else { throw WebSocketTransport.Error.unrecognizedMessage }
      self = .next(id: id, payload: payload)
    case "error":
      let id = try id()
      let errors = object["payload"]?.arrayValue?.compactMap { $0.objectValue.map(GraphQLError.init) } ?? []
      self = .error(id: id, errors: errors)
    case "complete": self = .complete(id: try id())
    default: throw WebSocketTransport.Error.unrecognizedMessage
    }
  }
}
