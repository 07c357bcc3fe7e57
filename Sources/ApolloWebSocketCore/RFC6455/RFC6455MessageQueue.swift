import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Received messages waiting to be read, oldest first, with the bytes they hold.
///
/// Taking the first message moves an index instead of shifting the array, so draining a long backlog is linear.
struct RFC6455MessageQueue {
  /// Read slots hold `nil`: a message is let go as soon as it is read, not when the array is next compacted
  /// (which a queue that never empties could put off for a thousand messages, their payloads outside ``byteCount``).
  private var messages: [URLSessionWebSocketTask.Message?] = []
  private var head = 0
  /// Payload bytes plus a fixed per-message allowance, so a flood of empty messages is bounded too.
  private(set) var byteCount = 0

  /// What one message counts for beyond its payload: its slot and the `Data` or `String` box.
  static let perMessageBytes = 64

  mutating func append(_ message: URLSessionWebSocketTask.Message) {
    messages.append(message)
    byteCount += Self.size(of: message)
  }

  mutating func popFirst() -> URLSessionWebSocketTask.Message? {
    guard head < messages.count, let message = messages[head].take() else { return nil }
    head += 1
    byteCount -= Self.size(of: message)
    if head == messages.count {
      messages.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024, head * 2 >= messages.count {
      messages.removeFirst(head)
      head = 0
    }
    return message
  }

  private static func size(of message: URLSessionWebSocketTask.Message) -> Int {
    switch message {
    case .string(let text): return text.utf8.count + perMessageBytes
    case .data(let data): return data.count + perMessageBytes
    @unknown default: return perMessageBytes
    }
  }
}
