import Foundation
import XCTest

import ApolloCore

final class CallbackLaneTests: XCTestCase {
  func test_workOnAConcurrentQueue_runsInSubmissionOrderOneAtATime() {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 8
    let lane = CallbackLane(queue: queue)
    let count = 2_000
    let seen = Mutex<(order: [Int], running: Int, overlaps: Int)>(([], 0, 0))
    let done = expectation(description: "every item ran")
    done.expectedFulfillmentCount = count
    for index in 0..<count {
      lane.submit {
        seen.withLock { state in
          state.running += 1
          if state.running > 1 { state.overlaps += 1 }
          state.order.append(index)
        }
        seen.withLock { $0.running -= 1 }
        done.fulfill()
      }
    }
    wait(for: [done], timeout: 30)
    let state = seen.withLock { $0 }
    XCTAssertEqual(state.order, Array(0..<count))
    XCTAssertEqual(state.overlaps, 0)
  }

  func test_work_runsOnTheLanesQueue() {
    let queue = OperationQueue()
    let lane = CallbackLane(queue: queue)
    let onQueue = Mutex<Bool?>(nil)
    let done = expectation(description: "ran")
    lane.submit {
      onQueue.withLock { $0 = OperationQueue.current === queue }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(onQueue.withLock { $0 }, true)
  }

  func test_workWithoutAQueue_runsBeforeSubmitReturns() {
    let lane = CallbackLane(queue: nil)
    var ran = false
    lane.submit { ran = true }
    XCTAssertTrue(ran)
  }
}
