import Foundation

/// The limit on what a `multipart/mixed` response may make the client hold.
///
/// Complete parts are handed on as soon as their delimiter arrives (a subscription may stream parts for
/// hours), so only the part still waiting for its delimiter is buffered. A server that never sends one
/// would make that part grow until the response ends; past ``maximumPartSize`` bytes the response fails
/// with ``MultipartPartTooLargeError`` instead (the 2.x chain throws it; the 1.x `URLSessionClient`
/// completes with it and cancels the task). There is no limit on the number of parts.
public enum MultipartLimits {
  private static let partSize = Mutex(64 << 20)

  /// The largest part, in bytes, a multipart response may send: 64 MiB unless changed. Read when a
  /// response starts, so a change applies to responses that start afterwards.
  public static var maximumPartSize: Int {
    get { partSize.withLock { $0 } }
    set { partSize.withLock { $0 = max(1, newValue) } }
  }
}

/// A multipart response sent a part larger than ``MultipartLimits/maximumPartSize`` (or its delimiter
/// never came); the response was abandoned.
public struct MultipartPartTooLargeError: Error, LocalizedError, Equatable {
  /// The limit in force, in bytes.
  public let limit: Int

  /// The error for a response that went over `limit`.
  public init(limit: Int) { self.limit = limit }

  public var errorDescription: String? {
    "A multipart response part exceeded \(limit) bytes without reaching its delimiter; the response was abandoned."
  }
}
