import Foundation

/// Ids for interceptors, unique within the process: 1.x interceptors carry one as `id`, 2.x's
/// `ResponseCodeInterceptor` behind its type name.
///
/// A counter rather than upstream's `UUID().uuidString`, because `UUID()` costs about 6 µs on Linux (it reads
/// the system's random device) and a chain's interceptors are built for every request.
public enum InterceptorID {
  private static let counter = Mutex<UInt64>(0)

  /// A new id, unique within the process: the counter's next value, as text.
  public static func next() -> String {
    let value = counter.withLock { value -> UInt64 in
      value &+= 1
      return value
    }
    return String(value)
  }
}
