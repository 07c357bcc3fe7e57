import Foundation

/// Collects values from any thread or task, in the order they arrive: what a callback, delegate or interceptor
/// under test saw.
package final class Recorder<Value>: @unchecked Sendable {
  // @unchecked Sendable: `storage` is only touched under `lock`. `Value` need not be Sendable (1.x results are
  // not); a test reads the values after the deliveries it waits for, so each value has one thread at a time.
  private let lock = NSLock()
  private var storage: [Value] = []

  /// An empty recorder.
  package init() {}

  /// Records `value` after the ones before it.
  package func append(_ value: Value) {
    lock.withLock { storage.append(value) }
  }

  /// Everything recorded so far, oldest first.
  package var values: [Value] { lock.withLock { storage } }

  /// How many values were recorded.
  package var count: Int { lock.withLock { storage.count } }

  /// The latest value, if any.
  package var last: Value? { lock.withLock { storage.last } }
}
