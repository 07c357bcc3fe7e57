import Foundation

/// The exponential backoff of 1.x's and 2.x's `MaxRetryInterceptor`: how long to wait before a retry.
public enum RetryBackoff {
  /// The wait before attempt number `attempt` (2 is the first retry), in seconds:
  /// `min(baseDelay × multiplier^(attempt - 1), maxDelay)`, so the first retry already waits
  /// `baseDelay × multiplier`, as upstream. With `jitter`, the wait is drawn uniformly from the upper half of
  /// that delay. Never negative, whatever the configuration: a negative or not-a-number delay waits nothing
  /// (upstream 2.x trapped on the empty jitter range a negative delay gives).
  public static func delay(
    beforeAttempt attempt: Int, baseDelay: TimeInterval, multiplier: Double, maxDelay: TimeInterval, jitter: Bool
  ) -> TimeInterval {
    let delay = min(baseDelay * pow(multiplier, Double(attempt - 1)), maxDelay)
    guard delay > 0 else { return 0 }
    return jitter ? Double.random(in: (delay / 2)...delay) : delay
  }
}
