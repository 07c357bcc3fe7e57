import ApolloAsyncChain
import ApolloCore
import Foundation

/// What one pre-flight turn of an adapted 1.x interceptor emits, read in place.
///
/// It stands where an `AsyncThrowingStream` fed by a forwarding task stood. Values the interceptor
/// delivers through its completion are buffered here; when the buffer is empty and the turn went
/// onward, the reader itself pulls the next downstream result through a ``PreflightPump``, which hands
/// it to the interceptor's completion and so, usually at once, back into the buffer. That saves a task
/// and a thread hand-off per interceptor per request. Ending works as the stream's did: an end after
/// the end is ignored, values are read before the end, and the end handler runs once, when the output
/// ends or when its reader lets go of it first.
final class PreflightOutput<Element: Sendable>: Sendable {
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

  /// The stream the turn returns. Without a pump the output must already be ended (or be ended by the
  /// interceptor's own deliveries) before it is read dry.
  func stream(pumping pump: PreflightPump<Element>?) -> AsyncThrowingStream<Element, any Error> {
    let reader = PreflightReader(output: self, pump: pump)
    return AsyncThrowingStream { try await reader.next() }
  }

  fileprivate func next(pump: PreflightPump<Element>?) async throws -> Element? {
    while true {
      switch take() {
      case .element(let element): return element
      case .end(.finished): return nil
      case .end(.failed(let error)): throw error
      case .empty:
        guard let pump else {
          finish()
          continue
        }
        await pump.step(into: self)
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

/// Holds the output and its pump for the unfolding stream, so both live exactly as long as the reader.
private final class PreflightReader<Element: Sendable>: Sendable {
  let output: PreflightOutput<Element>
  let pump: PreflightPump<Element>?

  init(output: PreflightOutput<Element>, pump: PreflightPump<Element>?) {
    self.output = output
    self.pump = pump
  }

  func next() async throws -> Element? {
    try await output.next(pump: pump)
  }
}

/// Pulls a turn's downstream results one at a time, in the reader's task, and hands each result (or
/// the error) to `deliver`; ends the output when the downstream ends.
final class PreflightPump<Element: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `iterator` and `exhausted` are only used from the output's reader, which
  // `AsyncThrowingStream(unfolding:)` asks for one element at a time, never concurrently.
  private var iterator: AsyncThrowingStream<Element, any Error>.Iterator
  private var exhausted = false
  private let deliver: @Sendable (Result<Element, any Error>) -> Void

  init(_ downstream: AsyncThrowingStream<Element, any Error>, deliver: @escaping @Sendable (Result<Element, any Error>) -> Void) {
    self.iterator = downstream.makeAsyncIterator()
    self.deliver = deliver
  }

  fileprivate func step(into output: PreflightOutput<Element>) async {
    guard !exhausted else {
      output.finish()
      return
    }
    do {
      if let element = try await iterator.next() {
        deliver(.success(element))
      } else {
        exhausted = true
        output.finish()
      }
    } catch {
      exhausted = true
      deliver(.failure(error))
      // Whatever the error led to, nothing more comes from downstream.
      output.finish()
    }
  }
}
