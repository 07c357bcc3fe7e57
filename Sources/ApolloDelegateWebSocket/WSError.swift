/// Why a connection ended, when it ended with a close frame (Starscream 3's `WSError`): a close by this side
/// (``WebSocketClient/disconnect()`` gives code 1000) or by the server (its code).
public struct WSError: Error, Sendable {
  /// Starscream 3's error categories; ``ApolloWebSocket`` reports closes as ``ErrorType/protocolError``.
  public enum ErrorType: Sendable {
    /// A write failed.
    case outputStreamWriteError
    /// A compressed message could not be inflated.
    case compressionError
    /// The server's certificate was not trusted.
    case invalidSSLError
    /// A write took too long.
    case writeTimeoutError
    /// The connection was closed with a close frame, or the peer broke the protocol.
    case protocolError
    /// The upgrade failed.
    case upgradeError
    /// The close handshake failed.
    case closeError
  }

  /// The category.
  public let type: ErrorType
  /// What happened, in words.
  public let message: String
  /// The close code (1000 for a normal close).
  public let code: Int

  /// An error of `type` with `message` and `code`.
  public init(type: ErrorType, message: String, code: Int) {
    self.type = type
    self.message = message
    self.code = code
  }

  /// 1000, a normal close.
  static let normalCloseCode: UInt16 = 1000
}
