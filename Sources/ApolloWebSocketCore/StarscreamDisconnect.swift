import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a connection ended, as the Starscream versions under 0.x and 1.x told their delegates: what the two
/// generations' sockets turn into their own `WSError` or `nil`.
package enum StarscreamDisconnect {
  /// The server's close frame, with its code (an empty frame reads as 1000, Starscream's default) and reason.
  case closeFrame(code: Int, reason: String)
  /// The TCP connection ended without a close frame: Starscream's stream reported its end with no error.
  case endOfStream
  /// Anything else: a reset connection, a framing violation, a refused upgrade, a session error.
  case failure(any Error)

  /// Classifies `error`, which ended `task`'s reading; the close code is read through a logging wrapper and, on
  /// Apple platforms, from `URLSessionWebSocketTask`.
  package init(_ error: any Error, task: any WebSocketTask) {
    switch error as? RFC6455Error {
    case .closedByServer(let code, let reason)?:
      self = .closeFrame(code: code, reason: reason)
      return
    case .connectionClosed?:
      self = Self.closeCode(of: task).map { .closeFrame(code: $0, reason: "") } ?? .endOfStream
      return
    default:
      break
    }
    #if !canImport(FoundationNetworking)
    if let code = Self.closeCode(of: task) {
      self = .closeFrame(code: code, reason: "")
      return
    }
    #endif
    self = .failure(error)
  }

  /// The code of the close frame `task` received, if one did.
  private static func closeCode(of task: any WebSocketTask) -> Int? {
    if let logged = task as? LoggedWebSocketTask { return closeCode(of: logged.base) }
    if let task = task as? RFC6455WebSocketTask { return task.closeCode.map { $0 == 1005 ? 1000 : $0 } }
    #if !canImport(FoundationNetworking)
    if let task = task as? URLSessionWebSocketTask, task.closeCode != .invalid {
      return task.closeCode == .noStatusReceived ? 1000 : task.closeCode.rawValue
    }
    #endif
    return nil
  }
}
