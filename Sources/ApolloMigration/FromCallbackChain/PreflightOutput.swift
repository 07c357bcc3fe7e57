import ApolloAsyncChain
import ApolloCore
import Foundation

/// What one pre-flight turn of an adapted 1.x interceptor emits, read in place.
///
/// It stands where an `AsyncThrowingStream` fed by a forwarding task stood. Values the interceptor
/// delivers through its completion are buffered here; when the buffer is empty and the turn went
/// onward, the reader itself pulls the next downstream result, hands it to `deliver` (which gives it to
/// the interceptor's completion and so, usually at once, back into the buffer). That saves a task and a
/// thread hand-off per interceptor per request; the output is also its own pump and reader, one object
/// per turn. Ending works as the stream's did: an end after the end is ignored, values are read before
/// the end, and the end handler runs once, when the output ends or when its reader lets go of it first.
final class PreflightOutput<Element: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `state` is behind its Mutex; `downstream`, `exhausted` and `deliver` are set
  // before the stream is handed out and then used only by its reader, which
  // `AsyncThrowingStream(unfolding:)` runs one element at a time, never concurrently.
  private enum End: Sendable {
    case finished
    case failed(any Error)
  }

  private enum Next {
    case element(Element)
    case end(End)
    case empty
  }

  private struct State: Sendable {
    /// Values not read yet start at `head`: a read moves the index instead of shifting the array.
    var buffer: [Element] = []
    var head = 0
    var end: End?
    var onEnd: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())
  private var downstream: AsyncThrowingStream<Element, any Error>.Iterator?
  private var exhausted = false
  private var deliver: (@Sendable (Result<Element, any Error>, PreflightOutput<Element>) -> Void)?

  deinit {
    // The reader let go before the end: what the stream's termination handler did then.
    state.withLock { $0.onEnd }?()
  }

  /// Buffers `element` unless the output has ended.
  func yield(_ element: Element) {
    state.withLock { state in
      if state.end == nil { state.buffer.append(element) }
    }
  }

  /// Ends the output (with `error`, if given) after what is buffered; ignored once it has ended.
  func finish(throwing error: (any Error)? = nil) {
    let onEnd = state.withLock { state -> (@Sendable () -> Void)? in
      guard state.end == nil else { return nil }
      state.end = error.map(End.failed) ?? .finished
      defer { state.onEnd = nil }
      return state.onEnd
    }
    onEnd?()
  }

  /// Runs `body` once when the output ends, or when its reader lets go of it first.
  func onEnd(_ body: @escaping @Sendable () -> Void) {
    let ended = state.withLock { state -> Bool in
      guard state.end == nil else { return true }
      state.onEnd = body
      return false
    }
    if ended { body() }
  }

  /// What the output holds once it has ended: the values not read yet, then its end; `nil` before it ends.
  func settled() -> SettledElements<Element>? {
    state.withLock { state -> SettledElements<Element>? in
      guard let end = state.end else { return nil }
      // Usually nothing was read yet: the buffer is handed over whole, without a slice (which the
      // generic class would go through the `RangeExpression` witness for).
      var unread = state.buffer
      if state.head > 0 { unread.removeFirst(state.head) }
      guard case .failed(let error) = end else { return SettledElements(elements: unread, failure: nil) }
      return SettledElements(elements: unread, failure: error)
    }
  }

  /// Whether the output has ended.
  var hasEnded: Bool {
    state.withLock { $0.end != nil }
  }

  /// The stream the turn returns when it did not go onward: the output must already be ended (or be
  /// ended by the interceptor's own deliveries) before it is read dry.
  func stream() -> AsyncThrowingStream<Element, any Error> {
    AsyncThrowingStream { try await self.next() }
  }

  /// The stream the turn returns when it went onward: once the buffer is empty, each read pulls one
  /// result (or the error) from `downstream` and hands it to `deliver`, with this output (so `deliver`
  /// need not hold it: the output holds `deliver`); the output ends with `downstream`.
  func stream(
    pulling downstream: AsyncThrowingStream<Element, any Error>,
    deliver: @escaping @Sendable (Result<Element, any Error>, PreflightOutput<Element>) -> Void
  ) -> AsyncThrowingStream<Element, any Error> {
    self.downstream = downstream.makeAsyncIterator()
    self.deliver = deliver
    return AsyncThrowingStream { try await self.next() }
  }

  private func next() async throws -> Element? {
    while true {
      switch take() {
      case .element(let element): return element
      case .end(.finished): return nil
      case .end(.failed(let error)): throw error
      case .empty:
        guard downstream != nil, let deliver, !exhausted else {
          finish()
          continue
        }
        do {
          if let element = try await downstream?.next() {
            deliver(.success(element), self)
          } else {
            exhausted = true
            finish()
          }
        } catch {
          exhausted = true
          deliver(.failure(error), self)
          // Whatever the error led to, nothing more comes from downstream.
          finish()
        }
      }
    }
  }

  private func take() -> Next {
    state.withLock { state in
      if state.head < state.buffer.count {
        let element = state.buffer[state.head]
        state.head += 1
        if state.head == state.buffer.count {
          state.buffer.removeAll(keepingCapacity: true)
          state.head = 0
        }
        return .element(element)
      }
      if let end = state.end { return .end(end) }
      return .empty
    }
  }
}
