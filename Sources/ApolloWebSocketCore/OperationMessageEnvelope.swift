import ApolloCore
import Foundation

/// The `{"id", "type", "payload"}` object both GraphQL-over-WebSocket sub-protocols send in every text frame
/// (`graphql-ws` from subscriptions-transport-ws, and `graphql-transport-ws`), before either protocol gives the
/// `type` a meaning.
///
/// Each generation's socket builds its messages and reads its server's messages through this envelope and keeps
/// the meaning of each `type`, and the error it reports for a bad one, to itself: the same frame is a typed
/// `WebSocketError` in 0.x and 1.x and a `WebSocketTransport.Error` in 2.x.
package struct OperationMessageEnvelope: Sendable, Hashable {
  /// The message type (`connection_init`, `start`, `subscribe`, `data`, `next`, …); `nil` when the frame had none
  /// or it was not a string.
  package var type: String?
  /// The operation id; `nil` when absent. A number on the wire is read as its decimal text.
  package var id: String?
  /// The payload as sent: an object for most messages, an array of errors for `graphql-transport-ws` `error`.
  package var payload: JSON?

  package init(type: String?, id: String? = nil, payload: JSON? = nil) {
    self.type = type
    self.id = id
    self.payload = payload
  }

  /// The payload when it is an object (what `data`, `next`, `start` and `connection_init` carry).
  package var objectPayload: JSON.Object? { payload?.objectValue }

  /// The frame's text: keys sorted, absent members left out, as 0.x and 1.x serialized it
  /// (`{"id":"1","payload":{…},"type":"start"}`).
  package var text: String {
    var object: JSON.Object = [:]
    if let type { object["type"] = .string(type) }
    if let id { object["id"] = .string(id) }
    if let payload { object["payload"] = payload }
    return JSONSerializer.string(.object(object), sortedKeys: true)
  }

  /// Reads one frame. Throws the JSON error when the bytes are not a JSON object; a JSON object with a missing or
  /// non-string `type` parses (with `type == nil`) so the caller reports it in its own generation's terms.
  package init(parsing data: Data) throws(JSONParsingError) {
    let object = try JSONParser.parseObject(data)
    type = object["type"]?.stringValue
    switch object["id"] {
    case .string(let id)?: self.id = id
    case .int(let id)?: self.id = String(id)
    default: self.id = nil
    }
    payload = object["payload"].flatMap { $0 == .null ? nil : $0 }
  }

  /// Reads one text frame; see ``init(parsing:)``.
  package init(parsing text: String) throws(JSONParsingError) {
    try self.init(parsing: Data(text.utf8))
  }
}
