import ApolloAsyncChain
import ApolloCore
import Foundation

/// In-place stream operators for the adapters' hot path.
///
/// The 2.x operators (`map`, `mapErrors`) each start a task that copies the upstream into a buffer: one
/// task and one cross-thread hand-off per operator per request. These read the upstream inside the
/// consumer's own `next()` instead (as the 2.x chain's network stage and parser do), so an adapter that
/// only renames an error or fixes up an element adds no task. What the consumer sees is the same:
/// the same elements in the same order, the same errors, and the end of the stream when the consumer
/// is cancelled (the upstream's own cancellation handling ends it, as the operator task's did).
enum InPlaceStreams {
  /// `upstream` with each error replaced by what `transform` throws, or ended by the value it returns
  /// (`nil` ends the stream normally), like `mapErrors`.
  static func mapErrors<Element: Sendable>(
    _ upstream: consuming NonCopyableAsyncThrowingStream<Element>,
    _ transform: @escaping @Sendable (any Error) async throws -> Element?
  ) -> NonCopyableAsyncThrowingStream<Element> {
    let source = PulledIterator(upstream.getStream().makeAsyncIterator())
    return NonCopyableAsyncThrowingStream(stream: AsyncThrowingStream {
      try await source.next(elements: { $0 }, errors: transform)
    })
  }

  /// `upstream` with each element replaced by `transform`'s result and each error by what `errors`
  /// throws or returns, like `map` followed by `mapErrors`.
  static func map<Element: Sendable>(
    _ upstream: consuming NonCopyableAsyncThrowingStream<Element>,
    _ transform: @escaping @Sendable (Element) async throws -> Element,
    errors: @escaping @Sendable (any Error) async throws -> Element?
  ) -> NonCopyableAsyncThrowingStream<Element> {
    let source = PulledIterator(upstream.getStream().makeAsyncIterator())
    return NonCopyableAsyncThrowingStream(stream: AsyncThrowingStream {
      try await source.next(elements: transform, errors: errors)
    })
  }
}

/// The upstream iterator of one in-place stream, and whether it has ended.
private final class PulledIterator<Element: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `AsyncThrowingStream(unfolding:)` asks for one element at a time, never
  // concurrently, so `iterator` and `ended` are only touched by one task at a time.
  private var iterator: AsyncThrowingStream<Element, any Error>.Iterator
  private var ended = false

  init(_ iterator: AsyncThrowingStream<Element, any Error>.Iterator) {
    self.iterator = iterator
  }

  /// The next element, transformed; an error (the upstream's or the transform's) goes to `errors`,
  /// whose value (or `nil`) is the last one, as when the 2.x `mapErrors` task handled it and ended.
  func next(elements: @Sendable (Element) async throws -> Element,
            errors: @Sendable (any Error) async throws -> Element?) async throws -> Element? {
    guard !ended else { return nil }
    do {
      guard let element = try await iterator.next() else {
        ended = true
        return nil
      }
      return try await elements(element)
    } catch {
      ended = true
      return try await errors(error)
    }
  }
}
