import Foundation

/// A stream that must be consumed exactly once: interceptors pass it along or transform it, never copy it.
///
/// Each operator starts its own task at once, which reads the upstream eagerly into an unbounded buffer,
/// checks for cancellation before each element, and is cancelled when its downstream ends, so dropping
/// the final stream tears the whole chain down.
public struct NonCopyableAsyncThrowingStream<Element: Sendable>: Sendable, ~Copyable {
  /// The stream, unless the stream is settled or pulled and not made yet. Exactly one of `madeStream`,
  /// `settled` and `pull` is set: optionals rather than an enum, because matching on a generic enum here cost
  /// 2–7 more generic-type lookups per request (uprobe counts of `swift_getGenericMetadata`).
  private let madeStream: AsyncThrowingStream<Element, any Error>?
  /// Everything the stream gives, when that was known as it was made (``SettledElements``); `nil` otherwise.
  package let settled: SettledElements<Element>?
  /// What an unfolding stream would call for each element, when the stream was made from one.
  private let pull: (@Sendable () async throws -> Element?)?

  /// The stream to read. A settled one is made only here, when it is read: a stage that maps the settled
  /// elements into a settled stream of its own never needs one (and making one costs a few microseconds
  /// of generic-type lookups).
  var stream: AsyncThrowingStream<Element, any Error> {
    if let madeStream { return madeStream }
    if let pull { return AsyncThrowingStream(unfolding: pull) }
    let settled = self.settled ?? SettledElements(elements: [], failure: nil)
    return AsyncThrowingStream { continuation in
      for element in settled.elements { continuation.yield(element) }
      continuation.finish(throwing: settled.failure)
    }
  }

  /// Wraps a stream without copying it.
  public init(stream: consuming AsyncThrowingStream<Element, any Error>) {
    self.madeStream = stream
    self.settled = nil
    self.pull = nil
  }

  /// A stream of `settled`'s elements, then its end; a stage that reads `settled` need not read the stream.
  package init(settled: SettledElements<Element>) {
    self.madeStream = nil
    self.settled = settled
    self.pull = nil
  }

  /// The stream `AsyncThrowingStream(unfolding: pull)` would be, made only if a reader asks for the stream:
  /// ``forEachElement(_:)`` calls `pull` itself, with the same elements and the same end (a cancelled
  /// reader sees the end, without an error). The chain reads a response body this way, so a body read
  /// straight into the parser costs no stream (its storage, iterator and a few generic-type lookups).
  package init(pulling pull: @escaping @Sendable () async throws -> Element?) {
    self.madeStream = nil
    self.settled = nil
    self.pull = pull
  }

  /// Wraps any sequence; its elements are copied through an eager task.
  public init<S: AsyncSequence & Sendable>(stream wrapped: consuming sending S) where S.Element == Element {
    let sequence = wrapped
    self.settled = nil
    self.pull = nil
    self.madeStream = Self.pipe { continuation in
      for try await element in sequence {
        try Task.checkCancellation()
        continuation.yield(element)
      }
    }
  }

  /// A stream that fails at once with `error`.
  static func failing(_ error: any Error) -> NonCopyableAsyncThrowingStream<Element> {
    NonCopyableAsyncThrowingStream(stream: AsyncThrowingStream { $0.finish(throwing: error) })
  }

  /// Transforms each element; a throwing transform ends the stream with that error.
  public consuming func map<ElementOfResult: Sendable>(
    _ transform: @escaping @Sendable (Element) async throws -> ElementOfResult
  ) async -> NonCopyableAsyncThrowingStream<ElementOfResult> {
    let upstream = stream
    return NonCopyableAsyncThrowingStream<ElementOfResult>(stream: NonCopyableAsyncThrowingStream<ElementOfResult>.pipe { continuation in
      for try await element in upstream {
        try Task.checkCancellation()
        continuation.yield(try await transform(element))
      }
    })
  }

  /// Transforms each element and drops the `nil` results.
  public consuming func compactMap<ElementOfResult: Sendable>(
    _ transform: @escaping @Sendable (Element) async throws -> ElementOfResult?
  ) async -> NonCopyableAsyncThrowingStream<ElementOfResult> {
    let upstream = stream
    return NonCopyableAsyncThrowingStream<ElementOfResult>(stream: NonCopyableAsyncThrowingStream<ElementOfResult>.pipe { continuation in
      for try await element in upstream {
        try Task.checkCancellation()
        if let transformed = try await transform(element) { continuation.yield(transformed) }
      }
    })
  }

  /// Handles an upstream error, including `CancellationError` and `RequestChain.Retry`.
  ///
  /// Elements pass through unchanged. When the upstream fails, `transform` decides: throw to pass an
  /// error on, return a value to emit it and end the stream normally, or return `nil` to end it normally.
  public consuming func mapErrors(
    _ transform: @escaping @Sendable (any Error) async throws -> Element?
  ) async -> NonCopyableAsyncThrowingStream<Element> {
    let upstream = stream
    return NonCopyableAsyncThrowingStream(stream: Self.pipe { continuation in
      do {
        for try await element in upstream {
          try Task.checkCancellation()
          continuation.yield(element)
        }
      } catch {
        if let replacement = try await transform(error) { continuation.yield(replacement) }
      }
    })
  }

  /// The underlying stream, for iteration.
  public consuming func getStream() -> AsyncThrowingStream<Element, any Error> {
    stream
  }

  /// What reading the stream element by element calls, for a stage that wraps it in a pulled stream of its own: a
  /// pulled stream's own closure (no stream is made, as in ``forEachElement(_:)``), else the made stream's iterator.
  /// A settled stream is better read through ``settled``.
  package consuming func puller() -> @Sendable () async throws -> Element? {
    if let pull { return pull }
    let iterator = IteratorBox(stream.makeAsyncIterator())
    return { try await iterator.next() }
  }

  /// Reads the elements in order, each handed to `body` while it returns `true`, then throws the error the
  /// stream ends with. A settled stream is read without making the stream: the same elements and the same
  /// end (a made one hands its buffered elements to a cancelled reader too), for a few microseconds less.
  @inline(__always)
  package consuming func forEachElement(_ body: (Element) async throws -> Bool) async throws {
    if let settled {
      for element in settled.elements {
        guard try await body(element) else { return }
      }
      if let failure = settled.failure { throw failure }
      return
    }
    if let pull {
      // What reading `AsyncThrowingStream(unfolding: pull)` does: a cancelled reader gets the end.
      while !Task.isCancelled, let element = try await pull() {
        guard try await body(element) else { return }
      }
      return
    }
    for try await element in stream {
      // Returning lets the stream go, which cancels what is still running behind it.
      guard try await body(element) else { return }
    }
  }

  /// A stream fed by `body` in a task started now; it finishes when `body` returns and fails when it throws.
  /// Ending the stream cancels the task.
  static func pipe(
    _ body: @escaping @Sendable (AsyncThrowingStream<Element, any Error>.Continuation) async throws -> Void
  ) -> AsyncThrowingStream<Element, any Error> {
    AsyncThrowingStream { continuation in
      let task = Task {
        do {
          try await body(continuation)
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

/// Everything a stream gives, known when the stream was made: its elements in order, then how it ends.
///
/// The 2.x chain knows this for a single response it fetched and parsed inside `next`. A stage that
/// transforms results (the adapters of ApolloMigration) can read it and hand on a settled stream of its
/// own at once, rather than wrap the stream in a layer that reads it element by element: the same
/// elements and the same end, worked out before the stage returns instead of while its reader reads.
package struct SettledElements<Element: Sendable>: Sendable {
  /// The elements, in order.
  package var elements: [Element]
  /// The error the stream ends with; `nil` when it finishes normally.
  package var failure: (any Error)?

  package init(elements: [Element], failure: (any Error)?) {
    self.elements = elements
    self.failure = failure
  }
}
