import Foundation

/// Holds an iterator for an unfolding stream (`AsyncThrowingStream { try await box.next() }`), which reads
/// its source in place: no task and no buffer in between.
package final class IteratorBox<Iterator: AsyncIteratorProtocol>: @unchecked Sendable {
  // Safe: `AsyncThrowingStream(unfolding:)` asks for one element at a time and never concurrently, so the
  // iterator is only ever touched by one task at a time.
  private var iterator: Iterator

  package init(_ iterator: Iterator) {
    self.iterator = iterator
  }

  package func next() async throws -> Iterator.Element? {
    try await iterator.next()
  }
}
