import Foundation

/// Makes the id of each operation a ``WebSocketTransport`` sends; ids must be unique among the operations in flight.
public protocol OperationMessageIdCreator {
  /// The next id.
  func requestId() -> String
}

/// The default ``OperationMessageIdCreator``: `"1"`, `"2"`, … (from the starting number), safe from any thread.
public struct ApolloSequencedOperationMessageIdCreator: OperationMessageIdCreator, Sendable {
  private let next: Mutex<Int>

  /// Numbers from `sequenceNumber` on.
  public init(startAt sequenceNumber: Int = 1) {
    next = Mutex(sequenceNumber)
  }

  /// The current number as text; the next call returns the one after it.
  public func requestId() -> String {
    let id = next.withLock { value -> Int in
      defer { value += 1 }
      return value
    }
    return String(id)
  }
}
