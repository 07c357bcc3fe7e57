@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Subscribing, cancelling and closing from many threads while the server sends (0.33 test list §5 #41: no crash,
/// and after cancel plus closeConnection no more callbacks).
final class WebSocketTransportConcurrencyTests: XCTestCase {
  func test_concurrentSubscribeCancelAndClose_doNotCrashAndNothingArrivesAfterwards() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let recorders = (0..<64).map { _ in Recorder<Delivery>() }
    let tasks = Mutex<[any Cancellable]>([])
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let task = transport.record(countdown, into: recorders[index])
      tasks.withLock { $0.append(task) }
      socket.receive(dataMessage(id: String(index + 1), countdownPayload(index)))
      if index % 8 == 0 { transport.closeConnection() }
      if index % 2 == 0 { task.cancel() }
    }
    for task in tasks.withLock({ $0 }) { task.cancel() }
    transport.closeConnection()
    transport.drain()
    let counts = recorders.map(\.count)
    for id in 1...64 { socket.receive(dataMessage(id: String(id), countdownPayload(0))) }
    transport.drain()
    XCTAssertEqual(recorders.map(\.count), counts, "nothing after cancel and closeConnection")
    XCTAssertEqual(Set(socket.sent(type: "start").compactMap { $0["id"]?.stringValue }).count, 64, "every start went out once")
    XCTAssertEqual(socket.sent(type: "connection_terminate").count, 9)
  }
}
