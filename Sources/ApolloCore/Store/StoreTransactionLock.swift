import Dispatch

/// Lets many read transactions or one read-write transaction into the store at a time, first come first served,
/// whether the caller blocks a thread (the 1.x callback transactions run on a queue) or suspends a task (the 2.x
/// `async` transactions, whose bodies await). One lock serves both, so a 1.x and a 2.x transaction on the same
/// store still exclude each other while an app runs both generations.
///
/// Not reentrant: a transaction body that starts another transaction on the same store waits for itself. Store
/// writes from `async` code outside transactions take it too (``withWriteAccess(_:)``).
final class StoreTransactionLock: Sendable {
  private struct Waiter {
    let exclusive: Bool
    let resume: @Sendable () -> Void
  }

  /// One hold of the lock, bound as ``held`` for the body that holds it.
  final class Hold: Sendable {}

  private struct State {
    var readers = 0
    var writer = false
    /// The holds in progress: a task started inside a body inherits its ``held`` value, and must not pass for
    /// its holder once the body has ended.
    var live: Set<ObjectIdentifier> = []
    /// In arrival order; a waiting writer holds back readers that came after it, so writers are not starved.
    var waiting: [Waiter] = []

    func admits(exclusive: Bool) -> Bool { exclusive ? !writer && readers == 0 : !writer }

    mutating func take(exclusive: Bool) {
      if exclusive { writer = true } else { readers += 1 }
    }
  }

  private let state = Mutex(State())

  /// Blocks the calling thread until the lock is held.
  func lock(exclusive: Bool) {
    // Free and nobody waiting (nearly always): no semaphore to make.
    if tryTake(exclusive: exclusive) { return }
    let semaphore = DispatchSemaphore(value: 0)
    if !takeOrQueue(exclusive: exclusive, resume: { semaphore.signal() }) { semaphore.wait() }
  }

  /// Suspends the calling task until the lock is held.
  func lock(exclusive: Bool) async {
    if tryTake(exclusive: exclusive) { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      if takeOrQueue(exclusive: exclusive, resume: { continuation.resume() }) { continuation.resume() }
    }
  }

  /// Takes the lock when it is free and nobody waits.
  private func tryTake(exclusive: Bool) -> Bool {
    state.withLock { state in
      guard state.waiting.isEmpty, state.admits(exclusive: exclusive) else { return false }
      state.take(exclusive: exclusive)
      return true
    }
  }

  /// Takes the lock when it is free and nobody waits (`true`), else queues `resume` for when it is handed over.
  private func takeOrQueue(exclusive: Bool, resume: @escaping @Sendable () -> Void) -> Bool {
    state.withLock { state in
      if state.waiting.isEmpty, state.admits(exclusive: exclusive) {
        state.take(exclusive: exclusive)
        return true
      }
      state.waiting.append(Waiter(exclusive: exclusive, resume: resume))
      return false
    }
  }

  /// Releases a hold taken with the same `exclusive`, and hands the lock to the waiters it now admits.
  func unlock(exclusive: Bool) {
    let admitted = state.withLock { state -> [Waiter] in
      if exclusive { state.writer = false } else { state.readers -= 1 }
      // Counted, then taken off the front at once: one `removeFirst` per waiter moved the rest each time.
      var count = 0
      while count < state.waiting.count, state.admits(exclusive: state.waiting[count].exclusive) {
        state.take(exclusive: state.waiting[count].exclusive)
        count += 1
      }
      let admitted = Array(state.waiting.prefix(count))
      state.waiting.removeFirst(count)
      return admitted
    }
    // Outside the lock: a resumed caller may come straight back for it.
    for waiter in admitted { waiter.resume() }
  }

  /// The hold of the transaction body running here, if any: a write inside a transaction (its own `write`, or
  /// a publish from its body) must not wait for the transaction it is part of.
  @TaskLocal static var held: Hold?

  /// Whether the code running here is inside a body that holds this lock now.
  private var isHeldHere: Bool {
    guard let hold = Self.held else { return false }
    return state.withLock { $0.live.contains(ObjectIdentifier(hold)) }
  }

  /// A new hold, live until ``end(_:)``.
  private func begin() -> Hold {
    let hold = Hold()
    state.withLock { _ = $0.live.insert(ObjectIdentifier(hold)) }
    return hold
  }

  private func end(_ hold: Hold) { state.withLock { _ = $0.live.remove(ObjectIdentifier(hold)) } }

  /// Runs `body` holding the lock.
  func withLock<T>(exclusive: Bool, _ body: () throws -> T) rethrows -> T {
    lock(exclusive: exclusive)
    let hold = begin()
    defer {
      end(hold)
      unlock(exclusive: exclusive)
    }
    return try Self.$held.withValue(hold) { try body() }
  }

  /// Runs `body` holding the lock, across its suspensions.
  func withLock<T: Sendable>(exclusive: Bool, _ body: () async throws -> T) async rethrows -> T {
    await lock(exclusive: exclusive)
    let hold = begin()
    defer {
      end(hold)
      unlock(exclusive: exclusive)
    }
    return try await Self.$held.withValue(hold) { try await body() }
  }

  /// Runs a store write from `async` code alone, after the read-write transactions before it (so it cannot land
  /// between a transaction's read and its write-back), suspending rather than blocking a thread; at once inside
  /// a transaction of this lock. Writes from synchronous code do not wait: a 0.x or 1.x write often runs on the
  /// main queue or a callback queue that a transaction body may itself be waiting for.
  func withWriteAccess<T: Sendable>(_ body: () throws -> T) async rethrows -> T {
    guard !isHeldHere else { return try body() }
    await lock(exclusive: true)
    defer { unlock(exclusive: true) }
    return try body()
  }
}
