import Foundation

/// A process-wide counter for cheap unique identifiers.
enum InstanceCounter {
  private static let value = Mutex(0)

  static func next() -> Int {
    value.withLock { value in
      value += 1
      return value
    }
  }
}
