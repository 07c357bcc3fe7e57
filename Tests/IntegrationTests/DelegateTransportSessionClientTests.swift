import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x `URLSessionClient` over a real `URLSession` against TestServer: any callback queue, sub-second
/// timeouts and cancellation racing the task's start.
final class DelegateTransportSessionClientTests: IntegrationTestCase {
  /// A concurrent queue: URLSession's delegate callbacks may run on it side by side, and the body of a
  /// task must still reach its completion whole and in order.
  func test_concurrentCallbackQueue_deliversEveryResponseWhole() async throws {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 8
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue)
    let transport = HTTPNetworkTransport(url: TestServer.url("/graphql"), client: client)
    let count = 400
    let failures = Mutex<[String]>([])
    let done = expectation(description: "all completions")
    done.expectedFulfillmentCount = count
    done.assertForOverFulfill = true
    for _ in 0..<count {
      _ = transport.send(operation: HeroAndFriendsQuery(episode: .init(.EMPIRE))) { result in
        switch result {
        case .success(let response):
          if response.body["data"]?["hero"]?["name"]?.stringValue != "Luke Skywalker" {
            failures.withLock { $0.append("unexpected body \(response.body)") }
          }
        case .failure(let error):
          failures.withLock { $0.append("\(error)") }
        }
        done.fulfill()
      }
    }
    await fulfillment(of: [done], timeout: 120)
    let failed = failures.withLock { $0 }
    XCTAssertEqual(failed.count, 0, "\(failed.count) of \(count) requests failed; first: \(failed.first ?? "")")
    client.invalidate()
  }

  /// Large bodies arrive in many pieces: on a concurrent queue they must still be put together in order.
  func test_concurrentCallbackQueue_keepsTheBytesOfALargeBodyInOrder() async throws {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 8
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue)
    let transport = HTTPNetworkTransport(url: TestServer.url("/graphql"), client: client)
    let content = String((0..<200_000).map { index in Character(UnicodeScalar(UInt8(97 + index % 26))) })
    let file = GraphQLFile(fieldName: "file", originalName: "big.txt", mimeType: "text/plain", data: Data(content.utf8))
    let count = 20
    let failures = Mutex<[String]>([])
    let done = expectation(description: "all completions")
    done.expectedFulfillmentCount = count
    done.assertForOverFulfill = true
    for _ in 0..<count {
      _ = transport.upload(operation: SingleUploadMutation(file: "big"), files: [file]) { result in
        switch result {
        case .success(let response):
          if response.body["data"]?["singleUpload"]?["content"]?.stringValue != content {
            failures.withLock { $0.append("the echoed content differs") }
          }
        case .failure(let error):
          failures.withLock { $0.append("\(error)") }
        }
        done.fulfill()
      }
    }
    await fulfillment(of: [done], timeout: 120)
    let failed = failures.withLock { $0 }
    XCTAssertEqual(failed.count, 0, "\(failed.count) of \(count) uploads failed; first: \(failed.first ?? "")")
    client.invalidate()
  }

  /// swift-corelibs-foundation arms its timer with whole seconds: without rounding up, 0.5 s would time
  /// the request out at once, before the server (answering after 100 ms) is even asked.
  func test_subSecondRequestTimeout_doesNotFireBeforeItElapses() async throws {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue)
    var request = URLRequest(url: TestServer.url("/fault/delay/100"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(#"{"query":"{ hero { name } }"}"#.utf8)
    request.timeoutInterval = 0.5
    let outcome = Mutex<Result<(Data, HTTPURLResponse), any Error>?>(nil)
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    client.sendRequest(request) { result in
      outcome.withLock { $0 = result }
      done.fulfill()
    }
    await fulfillment(of: [done], timeout: 15)
    let (data, response) = try XCTUnwrap(outcome.withLock { $0 }).get()
    XCTAssertEqual(response.statusCode, 200)
    XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("R2-D2"))
    client.invalidate()
  }

  /// Cancelling a task right after it was resumed lands while swift-corelibs-foundation still looks the
  /// request up in the URL cache; without the client's workarounds that race traps the process.
  func test_cancellingRightAfterSending_neverTrapsAndCompletesAtMostOnce() async throws {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = URLCache(memoryCapacity: 1_000_000, diskCapacity: 0, diskPath: nil)
    let client = URLSessionClient(sessionConfiguration: configuration, callbackQueue: queue)
    let count = 200
    // Tasks cancelled directly always complete (with the cancellation, or with the answer when it came
    // first); tasks cancelled through the client complete only when the answer beat the cancellation.
    let done = expectation(description: "every task cancelled directly completes")
    done.expectedFulfillmentCount = count / 2
    done.assertForOverFulfill = true
    let completions = Mutex([Int](repeating: 0, count: count))
    for index in 0..<count {
      let cancelDirectly = index.isMultiple(of: 2)
      let task = client.sendRequest(URLRequest(url: TestServer.url("/health"))) { _ in
        completions.withLock { $0[index] += 1 }
        if cancelDirectly { done.fulfill() }
      }
      if cancelDirectly {
        task.cancel()
      } else {
        client.cancel(task: task)
      }
    }
    await fulfillment(of: [done], timeout: 30)
    XCTAssertEqual(completions.withLock { $0 }.filter { $0 > 1 }.count, 0, "a completion ran twice")
    client.invalidate()
  }
}
