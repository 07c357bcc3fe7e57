import ApolloCore
import Foundation

/// What happened on the WebSockets of a ``LoggingWebSocketSession``, in order: connections made, opened and
/// cancelled, frames sent and received, errors.
///
/// Every generation's socket (0.x, 1.x, 2.x) runs on the ``WebSocketTask`` seam, so the same subscription through
/// each can be recorded and the logs compared. Compare ``normalized(_:)`` logs: they leave out what differs from
/// run to run without meaning anything (operation ids, JSON key order, keep-alive timing), so what is left to
/// differ is the protocols'. A log is plain data: `Codable`, to keep one beside a test or diff two in a tool.
public struct WebSocketEventLog: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The events, oldest first.
  public var events: [WebSocketEvent]

  /// A log of `events`.
  public init(events: [WebSocketEvent] = []) {
    self.events = events
  }

  /// What a normalized log leaves out.
  public struct Normalization: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    /// Options from their bits.
    public init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// JSON text frames are compared as parsed JSON: written again compactly with sorted keys.
    public static let jsonKeyOrder = Normalization(rawValue: 1 << 0)
    /// The `id` member of JSON messages becomes `#1`, `#2`, … in the order each id first appears in the log, so
    /// logs compare equal whatever ids the client chose, as long as the same operations share the same id.
    /// (The message is written again as with ``jsonKeyOrder``.)
    public static let operationIDs = Normalization(rawValue: 1 << 1)
    /// Keep-alive messages (`ka`, `ping`, `pong`), sent and received, are left out: how many there are depends
    /// on timing.
    public static let keepAlives = Normalization(rawValue: 1 << 2)
    /// All of the above.
    public static let all: Normalization = [.jsonKeyOrder, .operationIDs, .keepAlives]
  }

  /// The log with what `options` name taken out; text frames that are not JSON objects are kept as they are.
  public func normalized(_ options: Normalization = .all) -> WebSocketEventLog {
    var maskedIDs: [String: String] = [:]
    var normalizedEvents: [WebSocketEvent] = []
    for event in events {
      switch event.kind {
      case .sent(.text(let text)):
        guard let text = normalize(text, options, &maskedIDs) else { continue }
        normalizedEvents.append(WebSocketEvent(connection: event.connection, kind: .sent(.text(text))))
      case .received(.text(let text)):
        guard let text = normalize(text, options, &maskedIDs) else { continue }
        normalizedEvents.append(WebSocketEvent(connection: event.connection, kind: .received(.text(text))))
      default:
        normalizedEvents.append(event)
      }
    }
    return WebSocketEventLog(events: normalizedEvents)
  }

  /// The text normalized; `nil` when the frame is a keep-alive to leave out.
  private func normalize(_ text: String, _ options: Normalization, _ maskedIDs: inout [String: String]) -> String? {
    guard !options.isDisjoint(with: [.jsonKeyOrder, .operationIDs, .keepAlives]),
      var object = try? JSONParser.parseObject(Data(text.utf8))
    else { return text }
    if options.contains(.keepAlives), let type = object["type"]?.stringValue, ["ka", "ping", "pong"].contains(type) {
      return nil
    }
    guard !options.isDisjoint(with: [.jsonKeyOrder, .operationIDs]) else { return text }
    if options.contains(.operationIDs), let id = object["id"], !id.isNull {
      let key = id.stringValue ?? JSONSerializer.string(id)
      let mask = maskedIDs[key] ?? "#\(maskedIDs.count + 1)"
      maskedIDs[key] = mask
      object["id"] = .string(mask)
    }
    return JSONSerializer.string(.object(object), sortedKeys: true)
  }

  /// The text frames sent on any connection that parse as JSON objects, in order.
  public var sentMessages: [JSON.Object] {
    jsonMessages { if case .sent(.text(let text)) = $0 { return text } else { return nil } }
  }

  /// The text frames received on any connection that parse as JSON objects, in order.
  public var receivedMessages: [JSON.Object] {
    jsonMessages { if case .received(.text(let text)) = $0 { return text } else { return nil } }
  }

  private func jsonMessages(_ text: (WebSocketEvent.Kind) -> String?) -> [JSON.Object] {
    events.compactMap { event in text(event.kind).flatMap { try? JSONParser.parseObject(Data($0.utf8)) } }
  }

  /// One event per line.
  public var description: String {
    events.map(\.description).joined(separator: "\n")
  }
}
