/// Errors raised by an ``HTTPStreamingSession`` itself, as opposed to transport errors.
public enum HTTPStreamingSessionError: Error, Hashable, CustomStringConvertible {
  /// The URL loading system returned a response that is not an `HTTPURLResponse`.
  case nonHTTPResponse
  /// The session was invalidated before or while the request ran.
  case invalidated

  /// A human-readable description of the error.
  public var description: String {
    switch self {
    case .nonHTTPResponse:
      return "The URL loading system returned a response that is not an HTTP response."
    case .invalidated:
      return "The streaming session was invalidated before or while the request ran."
    }
  }
}
