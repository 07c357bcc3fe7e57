/// Starts work from a callback API (0.x's `send`) the way that API ran its first steps: on the thread that
/// called it, before it returns, until the work first waits for something.
///
/// Where the runtime has `Task.immediate` (Swift 6.2 runtimes: Linux, and Apple systems from the 26
/// releases) the task starts on the calling thread and moves to the global executor at its first
/// suspension; elsewhere it is an ordinary task, which starts on the global executor.
package enum CallingThreadTask {
  /// Whether ``start(_:)`` runs its task's first steps on the calling thread here.
  package static var startsOnCallingThread: Bool {
    #if compiler(>=6.2)
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) { return true }
    #endif
    return false
  }

  /// Starts `operation`: on the calling thread until its first suspension where ``startsOnCallingThread``,
  /// else as `Task { … }`.
  @discardableResult
  package static func start(_ operation: sending @escaping () async -> Void) -> Task<Void, Never> {
    #if compiler(>=6.2)
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
      return Task.immediate(operation: operation)
    }
    #endif
    return Task(operation: operation)
  }
}
