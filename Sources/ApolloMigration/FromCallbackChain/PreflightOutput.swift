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
///
/// A completion may answer later than the call that handed it a result (a 1.x interceptor that hops to a
/// queue first): ``expectAnswer()`` before handing one over makes the output wait for that answer, at most
/// `answerTimeout`, before it ends with its downstream.
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
    /// Results handed to the completion that no value or end has answered yet.
    var awaitingAnswers = 0
    /// The reader, waiting for an answer.
    var answerWaiter: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())
  private var downstream: AsyncThrowingStream<Element, any Error>.Iterator?
  private var exhausted = false
  private var deliver: (@Sendable (Result<Element, any Error>, PreflightOutput<Element>) -> Void)?
  /// How long the reader waits for a completion's answer before the output ends without it.
  private let answerTimeout: Duration

  init(answerTimeout: Duration = .seconds(60)) {
    self.answerTimeout = answerTimeout
  }

  deinit {
    // The reader let go before the end: what the stream's termination handler did then.
    state.withLock { $0.onEnd }?()
  }

  /// Buffers `element` unless the output has ended; it answers a result handed to the completion.
  func yield(_ element: Element) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard state.end == nil else { return nil }
      state.buffer.append(element)
      if state.awaitingAnswers > 0 { state.awaitingAnswers -= 1 }
      defer { state.answerWaiter = nil }
      return state.answerWaiter
    }
    waiter?.resume()
  }

  /// Buffers `element` unless the output has ended, as a result that passes the interceptor by: it answers nothing
  /// handed to the completion.
  func pass(_ element: Element) {
    state.withLock { state in
      guard state.end == nil else { return }
      state.buffer.append(element)
    }
  }

  /// A result is about to be handed to the completion: the output does not end with its downstream before a
  /// value or an end answers it (or `answerTimeout` passes).
  func expectAnswer() {
    state.withLock { $0.awaitingAnswers += 1 }
  }

  /// Whether a result handed to the completion is still unanswered (the output has not ended).
  var isAwaitingAnswer: Bool {
    state.withLock { $0.end == nil && $0.awaitingAnswers > 0 }
  }

  /// Ends the output (with `error`, if given) after what is buffered; ignored once it has ended.
  func finish(throwing error: (any Error)? = nil) {
    let (onEnd, waiter) = state.withLock { state -> ((@Sendable () -> Void)?, CheckedContinuation<Void, Never>?) in
      guard state.end == nil else { return (nil, nil) }
      state.end = error.map(End.failed) ?? .finished
      defer {
        state.onEnd = nil
        state.answerWaiter = nil
      }
      return (state.onEnd, state.answerWaiter)
    }
    waiter?.resume()
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

  /// `downstream` read through this output: each of its results (then its end) handed to `deliver`, which hands
  /// it to the completion whose answers land here. A settled downstream is handed over at once, and the output
  /// comes back settled too unless the completion has yet to answer; a streaming one is pulled as the reader
  /// reads.
  func reading(
    _ downstream: consuming NonCopyableAsyncThrowingStream<Element>,
    deliver: @escaping @Sendable (Result<Element, any Error>, PreflightOutput<Element>) -> Void
  ) -> NonCopyableAsyncThrowingStream<Element> {
    guard let settled = downstream.settled else {
      return NonCopyableAsyncThrowingStream(stream: stream(pulling: downstream.getStream(), deliver: deliver))
    }
    for element in settled.elements where !hasEnded {
      deliver(.success(element), self)
    }
    if !hasEnded, let failure = settled.failure {
      deliver(.failure(failure), self)
    }
    // The completion answers later (it hopped to a queue): the reader waits for it.
    if isAwaitingAnswer { return NonCopyableAsyncThrowingStream(stream: stream()) }
    finish()
    return NonCopyableAsyncThrowingStream(settled: self.settled() ?? SettledElements(elements: [], failure: nil))
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
          // Nothing more comes from downstream: the end, once the completion has answered what it was given.
          if isAwaitingAnswer { await waitForAnswer() } else { finish() }
          continue
        }
        do {
          if let element = try await downstream?.next() {
            deliver(.success(element), self)
          } else {
            exhausted = true
          }
        } catch {
          // Whatever the error leads to, nothing more comes from downstream.
          exhausted = true
          deliver(.failure(error), self)
        }
      }
    }
  }

  /// Waits until a value or the end answers, the reader's task is cancelled, or `answerTimeout` passes (then the
  /// answer is given up and the output ends without it).
  private func waitForAnswer() async {
    let timeout = answerTimeout
    let timer = Task { [weak self] in
      try? await Task.sleep(for: timeout)
      guard !Task.isCancelled else { return }
      self?.giveUpWaiting()
    }
    defer { timer.cancel() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now = state.withLock { state -> Bool in
          guard state.end == nil, state.head == state.buffer.count, state.awaitingAnswers > 0 else { return true }
          state.answerWaiter = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: { [weak self] in
      self?.giveUpWaiting()
    }
  }

  private func giveUpWaiting() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.awaitingAnswers = 0
      defer { state.answerWaiter = nil }
      return state.answerWaiter
    }
    waiter?.resume()
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
