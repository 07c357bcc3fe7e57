/// Creates the `id` of each `subscribe` message.
public protocol OperationMessageIdCreator: Sendable {
  /// Returns the next id. A duplicate id replaces the operation that had it, whose stream then fails with
  /// ``WebSocketTransport/Error/connectionClosed``.
  mutating func requestId() -> String
}

/// "1", "2", … per transport, never reset.
public struct ApolloSequencedOperationMessageIdCreator: OperationMessageIdCreator {
  private var sequenceNumber: Int

  /// Starts at `sequenceNumber` (by default `1`).
  public init(startAt sequenceNumber: Int = 1) {
    self.sequenceNumber = sequenceNumber
  }

  /// Returns the current number as a string and moves to the next.
  public mutating func requestId() -> String {
    defer { sequenceNumber += 1 }
    return String(sequenceNumber)
  }
}
