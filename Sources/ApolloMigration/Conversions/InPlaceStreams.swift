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
///
/// A settled upstream (a single response the 2.x chain fetched and parsed inside `next`) is mapped at
/// once instead, into a settled stream: no layer at all, and the stage above can do the same.
enum InPlaceStreams {
  /// `upstream` with each error replaced by what `transform` throws, or ended by the value it returns
  /// (`nil` ends the stream normally), like `mapErrors`.
  static func mapErrors<Element: Sendable>(
    _ upstream: consuming NonCopyableAsyncThrowingStream<Element>,
    _ transform: @escaping @Sendable (any Error) async throws -> Element?
  ) async -> NonCopyableAsyncThrowingStream<Element> {
    if let settled = upstream.settled {
      // Nothing to map: the same stream goes on.
      guard let failure = settled.failure else { return upstream }
      return NonCopyableAsyncThrowingStream(settled: await ending(settled.elements, with: failure, errors: transform))
    }
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
  ) async -> NonCopyableAsyncThrowingStream<Element> {
    if let settled = upstream.settled {
      var mapped: [Element] = []
      mapped.reserveCapacity(settled.elements.count + 1)
      for element in settled.elements {
        do {
          mapped.append(try await transform(element))
        } catch {
          return NonCopyableAsyncThrowingStream(settled: await ending(mapped, with: error, errors: errors))
        }
      }
      guard let failure = settled.failure else {
        return NonCopyableAsyncThrowingStream(settled: SettledElements(elements: mapped, failure: nil))
      }
      return NonCopyableAsyncThrowingStream(settled: await ending(mapped, with: failure, errors: errors))
    }
    let source = PulledIterator(upstream.getStream().makeAsyncIterator())
    return NonCopyableAsyncThrowingStream(stream: AsyncThrowingStream {
      try await source.next(elements: transform, errors: errors)
    })
  }

  /// A settled upstream's stream, mapped at once: `elements`, then what `errors` makes of `failure` (a value
  /// and the end, the end, or another error), as ``PulledIterator`` would hand them to a reader.
  private static func ending<Element: Sendable>(
    _ elements: [Element], with failure: any Error, errors: @Sendable (any Error) async throws -> Element?
  ) async -> SettledElements<Element> {
    var elements = elements
    do {
      if let replacement = try await errors(failure) { elements.append(replacement) }
      return SettledElements(elements: elements, failure: nil)
    } catch {
      return SettledElements(elements: elements, failure: error)
    }
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
