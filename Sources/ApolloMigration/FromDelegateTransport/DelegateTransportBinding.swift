import ApolloCore
import ApolloDelegateTransport
import Foundation

/// The app's 0.x delegate object, held weakly, and the `HTTPNetworkTransport` its methods receive as
/// their first argument: what every 0.x-delegate adapter in this module shares.
///
/// The delegate is weak, as `HTTPNetworkTransport.delegate` is: the app keeps it alive. Once it is gone,
/// every hook is skipped, exactly as a 0.x transport with a `nil` delegate skips them.
final class DelegateTransportBinding: @unchecked Sendable {
  // @unchecked Sendable: `storage` (the weak reference) is read and written only under `lock`, an
  // NSLock; `transport` is itself Sendable. The delegate object is called from whichever task or
  // thread runs the hook, as 0.x called it from its session queue.
  private let lock = NSLock()
  private weak var storage: (any HTTPNetworkTransportDelegate)?
  /// The first argument of every delegate method.
  let transport: HTTPNetworkTransport
  /// The sends on the wire that the task-completed delegate has not heard of yet (the 1.x chain's cancel tells it).
  let rawTasks = DelegateRawTaskLedger()

  init(delegate: (any HTTPNetworkTransportDelegate)?, transport: HTTPNetworkTransport) {
    self.storage = delegate
    self.transport = transport
  }

  /// The delegate, or `nil` once it was released.
  var delegate: (any HTTPNetworkTransportDelegate)? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return storage
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      storage = newValue
    }
  }
}
