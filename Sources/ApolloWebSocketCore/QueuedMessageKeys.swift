/// Where each message waits in a transport's queue of messages held for the connection and its ack (keyed by the
/// order they go out in): what the 0.x and 1.x transports look up when they queue a subscription again after a
/// reconnection, so that a message already waiting keeps its place instead of going out twice.
package enum QueuedMessageKeys {
  /// The key each message in `queue` waits under; a message queued twice keeps its first (smallest) key.
  package static func of(_ queue: [Int: String]) -> [String: Int] {
    var keys: [String: Int] = [:]
    for (key, message) in queue { keys[message] = min(keys[message] ?? key, key) }
    return keys
  }
}
