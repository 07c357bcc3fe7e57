import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a `URLSessionClient` (0.x and 1.x each have one, as public API of their generation) shares: its
/// own delegate-based `URLSession`, the tasks in flight with each task's state, exactly-once delivery,
/// the Linux workarounds and invalidation.
///
/// - Every task's entry is added and removed under one lock; whoever removes an entry is the only one
///   that calls its completion, so a completion runs at most once whatever order completion,
///   `cancel(task:)` and invalidation arrive in.
/// - The `URLSession` always delivers its delegate callbacks on a serial queue: the callback queue when it
///   is serial, otherwise a private one. A concurrent delegate queue would run one task's body callbacks
///   side by side and out of order, losing or scrambling bytes. Callbacks then reach the callback queue
///   through each task's ``CallbackLane``, one after another.
/// - The request timeout and cancellation get the adjustments of ``URLSessionPlatformWorkarounds``.
///
/// `Entry` is the generation's per-task record (its `TaskData`).
public final class URLSessionTaskTable<Entry: Sendable>: Sendable {
  private struct State {
    var session: URLSession?
    var entries: [Int: Entry] = [:]
    var invalidated = false
  }

  private let state = Mutex(State())
  /// Where callbacks run; `nil` for the session's delegate queue.
  private let callbackQueue: OperationQueue?
  /// The session's delegate queue when it differs from `callbackQueue` (which is then concurrent).
  private let privateDelegateQueue: OperationQueue?

  /// A table whose callbacks run on `callbackQueue` (`nil`: on the session's own serial delegate queue).
  public init(callbackQueue: OperationQueue?) {
    if let callbackQueue, !Self.isSerial(callbackQueue) {
      let delegateQueue = OperationQueue()
      delegateQueue.maxConcurrentOperationCount = 1
      delegateQueue.name = "ApolloCore.URLSessionTaskTable.delegate"
      privateDelegateQueue = delegateQueue
    } else {
      privateDelegateQueue = nil
    }
    self.callbackQueue = callbackQueue
  }

  private static func isSerial(_ queue: OperationQueue) -> Bool {
    queue === OperationQueue.main || queue.maxConcurrentOperationCount == 1
  }

  /// Creates the client's `URLSession` with `delegate`: `configuration` with the platform workarounds,
  /// delegate callbacks on a serial queue. Call once, from the client's initializer.
  public func openSession(configuration: URLSessionConfiguration, delegate: any URLSessionDelegate,
                          sessionDescription: String? = nil) {
    let session = URLSession(configuration: URLSessionPlatformWorkarounds.configuration(configuration),
                             delegate: delegate, delegateQueue: privateDelegateQueue ?? callbackQueue)
    session.sessionDescription = sessionDescription
    state.withLock { $0.session = session }
  }

  /// The session; `nil` before ``openSession(configuration:delegate:sessionDescription:)`` and after
  /// ``invalidate()``.
  public var session: URLSession? { state.withLock { $0.session } }

  /// Whether ``invalidate()`` was called.
  public var isInvalidated: Bool { state.withLock { $0.invalidated } }

  /// A lane for one task's callbacks: straight through when the delegate queue is the callback queue,
  /// otherwise onto the callback queue in order.
  public func makeCallbackLane() -> CallbackLane {
    CallbackLane(queue: privateDelegateQueue == nil ? nil : callbackQueue)
  }

  /// Creates a data task for `request` (its timeout adjusted for the platform), stores the entry `makeEntry`
  /// builds for it and resumes it. `nil` when the table was invalidated or has no session.
  ///
  /// The task is created under the lock, so it cannot race invalidation; it is resumed after the entry is
  /// stored, so its first callback always finds it.
  public func startTask(for request: URLRequest, configure: (URLSessionDataTask) -> Void = { _ in },
                        makeEntry: () -> Entry) -> URLSessionDataTask? {
    let request = URLSessionPlatformWorkarounds.request(request)
    let task = state.withLock { state -> URLSessionDataTask? in
      guard !state.invalidated, let session = state.session else { return nil }
      let task = session.dataTask(with: request)
      configure(task)
      state.entries[task.taskIdentifier] = makeEntry()
      return task
    }
    task?.resume()
    return task
  }

  /// Stores `entry` for a task the client runs without the session; `false` once invalidated.
  @discardableResult
  public func register(_ entry: Entry, forTask identifier: Int) -> Bool {
    state.withLock { state in
      guard !state.invalidated else { return false }
      state.entries[identifier] = entry
      return true
    }
  }

  /// The entry of a task in flight.
  public func entry(forTask identifier: Int) -> Entry? {
    state.withLock { $0.entries[identifier] }
  }

  /// Takes the entry of a task out: the caller is now the only one that may complete it.
  @discardableResult
  public func removeEntry(forTask identifier: Int) -> Entry? {
    state.withLock { $0.entries.removeValue(forKey: identifier) }
  }

  /// Takes every entry out, in task order.
  @discardableResult
  public func removeAllEntries() -> [Entry] {
    state.withLock { state in
      defer { state.entries.removeAll() }
      return state.entries.sorted { $0.key < $1.key }.map(\.value)
    }
  }

  /// Cancels `task` from the session's delegate queue, where it cannot interleave with the task's
  /// completion (on swift-corelibs-foundation that race traps the process); directly without a session.
  public func cancel(_ task: URLSessionTask) {
    guard let queue = session?.delegateQueue else { return task.cancel() }
    let handOff = CancelHandOff(task: task)
    queue.addOperation { handOff.task.cancel() }
  }

  /// Call first in `urlSession(_:task:didCompleteWithError:)`: lets a cancelled task's pending report run
  /// while the task is still registered with the session (see ``URLSessionPlatformWorkarounds``).
  public func taskDidComplete(_ task: URLSessionTask) {
    URLSessionPlatformWorkarounds.drainCancellation(of: task)
  }

  /// Makes the table unusable: drops every entry (their completions are never called), cancels every task
  /// from the delegate queue and lets the session invalidate once they are done. Later
  /// ``startTask(for:configure:makeEntry:)`` calls return `nil`. Calling it again does nothing.
  public func invalidate() {
    let session = state.withLock { state -> URLSession? in
      defer {
        state.invalidated = true
        state.session = nil
        state.entries.removeAll()
      }
      return state.invalidated ? nil : state.session
    }
    guard let session else { return }
    // Not `invalidateAndCancel()`: it cancels from this thread, racing the tasks' completions on Linux.
    session.delegateQueue.addOperation {
      session.getAllTasks { tasks in
        let handOff = TasksHandOff(tasks: tasks)
        session.delegateQueue.addOperation {
          for task in handOff.tasks { task.cancel() }
          session.finishTasksAndInvalidate()
        }
      }
    }
  }
}

/// A task carried to the delegate queue to be cancelled there.
private struct CancelHandOff: @unchecked Sendable {
  // @unchecked Sendable: `URLSessionTask` is thread-safe for `cancel()`; only that is called, once.
  let task: URLSessionTask
}

/// The session's tasks carried to the delegate queue to be cancelled there.
private struct TasksHandOff: @unchecked Sendable {
  // @unchecked Sendable: as ``CancelHandOff``, for each task.
  let tasks: [URLSessionTask]
}
