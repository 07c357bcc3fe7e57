/// A socket as its connection's tasks hold it: weakly, so a socket the app lets go of without disconnecting is
/// released (its `deinit` closes the connection) instead of living on with its connection. The 0.x and 1.x sockets'
/// readers and writers each hold one.
package final class WeakSocketReference<Socket: AnyObject & Sendable>: Sendable {
  package weak let value: Socket?

  package init(_ value: Socket) {
    self.value = value
  }
}
