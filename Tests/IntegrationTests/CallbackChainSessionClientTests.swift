import ApolloCallbackChain
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 1.x `URLSessionClient` over a real `URLSession` against TestServer: any callback queue, sub-second
/// timeouts from the request context and cancellation racing the task's start.
final class CallbackChainSessionClientTests: IntegrationTestCase {
  private func makeClient(_ session: URLSessionClient, endpoint: String = "/graphql") -> ApolloClient {
    let store = ApolloStore()
    let transport = RequestChainNetworkTransport(
      interceptorProvider: DefaultInterceptorProvider(client: session, store: store), endpointURL: TestServer.url(endpoint))
    return ApolloClient(networkTransport: transport, store: store)
  }

  private func concurrentQueue() -> OperationQueue {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 8
    return queue
  }

  /// A concurrent queue: URLSession's delegate callbacks may run on it side by side, and the body of a
  /// task must still reach the chain whole and in order.
  func test_concurrentCallbackQueue_deliversEveryResponseWhole() async throws {
    let session = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: concurrentQueue())
    let client = makeClient(session)
    let count = 400
    let failures = Mutex<[String]>([])
    let done = expectation(description: "all results")
    done.expectedFulfillmentCount = count
    done.assertForOverFulfill = true
    for _ in 0..<count {
      client.fetch(query: HeroAndFriendsQuery(episode: .init(.EMPIRE)), cachePolicy: .fetchIgnoringCacheCompletely,
                   queue: callbackChainQueue) { result in
        switch result {
        case .success(let graphQLResult):
          if graphQLResult.data?.hero?.name != "Luke Skywalker" {
            failures.withLock { $0.append("unexpected result \(graphQLResult)") }
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
    session.invalidate()
  }

  /// Large bodies arrive in many pieces: on a concurrent queue they must still be put together in order.
  func test_concurrentCallbackQueue_keepsTheBytesOfALargeBodyInOrder() async throws {
    let session = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: concurrentQueue())
    let client = makeClient(session)
    let content = String((0..<200_000).map { index in Character(UnicodeScalar(UInt8(97 + index % 26))) })
    let file = GraphQLFile(fieldName: "file", originalName: "big.txt", mimeType: "text/plain", data: Data(content.utf8))
    let count = 20
    let failures = Mutex<[String]>([])
    let done = expectation(description: "all results")
    done.expectedFulfillmentCount = count
    done.assertForOverFulfill = true
    for _ in 0..<count {
      client.upload(operation: SingleUploadMutation(file: "big"), files: [file], queue: callbackChainQueue) { result in
        switch result {
        case .success(let graphQLResult):
          if graphQLResult.data?.singleUpload.content != content {
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
    session.invalidate()
  }

  /// swift-corelibs-foundation arms its timer with whole seconds: without rounding up, the context's 0.5 s
  /// would time the request out at once, before the server (answering after 100 ms) is even asked.
  func test_subSecondTimeoutFromTheContext_doesNotFireBeforeItElapses() async throws {
    struct HalfSecond: RequestContextTimeoutConfigurable { let requestTimeout: TimeInterval = 0.5 }
    let session = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: nil)
    let client = makeClient(session, endpoint: "/fault/delay/100")
    let results = await callbackResults(expected: 1, settle: 0.1) {
      client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheCompletely, context: HalfSecond(),
                   queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(try results.first?.get().data?.hero?.name, "R2-D2")
    session.invalidate()
  }

  /// Cancelling a task right after it was resumed lands while swift-corelibs-foundation still looks the
  /// request up in the URL cache; without the client's workarounds that race traps the process.
  func test_cancellingRightAfterSending_neverTrapsAndCompletesAtMostOnce() async throws {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = URLCache(memoryCapacity: 1_000_000, diskCapacity: 0, diskPath: nil)
    let session = URLSessionClient(sessionConfiguration: configuration, callbackQueue: nil)
    let count = 200
    // Tasks cancelled directly always complete (with the cancellation, or with the answer when it came
    // first); tasks cancelled through the client complete only when the answer beat the cancellation.
    let done = expectation(description: "every task cancelled directly completes")
    done.expectedFulfillmentCount = count / 2
    done.assertForOverFulfill = true
    let completions = Mutex([Int](repeating: 0, count: count))
    for index in 0..<count {
      let cancelDirectly = index.isMultiple(of: 2)
      let task = session.sendRequest(URLRequest(url: TestServer.url("/health"))) { _ in
        completions.withLock { $0[index] += 1 }
        if cancelDirectly { done.fulfill() }
      }
      if cancelDirectly {
        task.cancel()
      } else {
        session.cancel(task: task)
      }
    }
    await fulfillment(of: [done], timeout: 30)
    XCTAssertEqual(completions.withLock { $0 }.filter { $0 > 1 }.count, 0, "a completion ran twice")
    session.invalidate()
  }
}
