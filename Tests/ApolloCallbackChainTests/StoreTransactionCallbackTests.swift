import ApolloCallbackChain
import Foundation
import StarWarsAPI
import XCTest

/// The 1.x spellings: `withinReadWriteTransaction(_:callbackQueue:completion:)` and
/// `withinReadTransaction(_:callbackQueue:completion:)` with synchronous transaction bodies.
final class StoreTransactionCallbackTests: XCTestCase {
  private let query = HeroNameQuery(episode: .some(.init(.JEDI)))
  private let hero = HeroNameQuery.Data(hero: .init(__typename: "Droid", id: "2001", name: "R2-D2"))

  func test_withinReadWriteTransaction_writesQueryDataThatAReadTransactionReadsBack() {
    let store = ApolloStore()
    let callbackQueue = DispatchQueue(label: "StoreTransactionCallbackTests.callbacks")
    let key = DispatchSpecificKey<Bool>()
    callbackQueue.setSpecific(key: key, value: true)
    let written = expectation(description: "write completion")
    let (query, hero) = (self.query, self.hero)
    store.withinReadWriteTransaction({ transaction in
      try transaction.write(data: hero, for: query)
    }, callbackQueue: callbackQueue) { result in
      XCTAssertEqual(DispatchQueue.getSpecific(key: key), true, "completion runs on the callback queue")
      if case .failure(let error) = result { XCTFail("write failed: \(error)") }
      written.fulfill()
    }
    wait(for: [written], timeout: 5)

    let read = expectation(description: "read completion")
    store.withinReadTransaction({ transaction in
      try transaction.read(query: query).hero?.name
    }, callbackQueue: callbackQueue) { result in
      XCTAssertEqual(try? result.get(), "R2-D2")
      read.fulfill()
    }
    wait(for: [read], timeout: 5)
  }

  func test_withinReadTransaction_deliversAMissAsTheFailure() {
    let store = ApolloStore()
    let done = expectation(description: "completion")
    let query = self.query
    store.withinReadTransaction({ try $0.read(query: query) }) { result in
      guard case .failure(let error) = result else { return XCTFail("expected a miss, got \(result)") }
      XCTAssertTrue(GraphQLExecutor.isCacheMiss(error), "\(error)")
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
  }
  /// 1.x's store ran every call on one queue in submission order: a load or a clear called after a read-write
  /// transaction was submitted sees (or removes) what it wrote, even while it has not started yet.
  func test_loadAndClearCalledAfterASubmittedTransaction_runAfterIt() {
    let store = ApolloStore()
    let (query, hero) = (self.query, self.hero)
    let gate = DispatchSemaphore(value: 0)
    let blocker = expectation(description: "blocking transaction")
    store.withinReadWriteTransaction({ _ in gate.wait() }, completion: { _ in blocker.fulfill() })
    store.withinReadWriteTransaction({ transaction in try transaction.write(data: hero, for: query) })
    let loaded = expectation(description: "load")
    let cleared = expectation(description: "clear")
    let missed = expectation(description: "load after the clear")
    let called = DispatchSemaphore(value: 0)
    // From another thread, so that a call that waited for the transaction instead of queueing behind it
    // fails the assertions below rather than blocking the test.
    DispatchQueue.global().async {
      store.load(query) { result in
        XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2", "the load ran before the write submitted earlier")
        loaded.fulfill()
      }
      store.clearCache(callbackQueue: DispatchQueue.global()) { _ in cleared.fulfill() }
      store.load(query) { result in
        if case .success = result { XCTFail("the clear ran before the write submitted earlier") }
        missed.fulfill()
      }
      called.signal()
    }
    XCTAssertEqual(called.wait(timeout: .now() + 1), .success, "the calls return at once, queued behind the transactions")
    gate.signal()
    wait(for: [blocker, loaded, cleared, missed], timeout: 5, enforceOrder: false)
  }

  /// The chain's cache read and write are the store's 1.x calls too: a fetch made after a read-write transaction
  /// was submitted reads what it wrote, and the server's write lands after it, not between its read and its
  /// write-back (before, both ran at once on the chain's thread, whatever was queued).
  func test_aFetchAfterASubmittedTransaction_readsAndWritesAfterIt() {
    let store = ApolloStore()
    let (query, hero) = (self.query, self.hero)
    let gate = DispatchSemaphore(value: 0)
    store.withinReadWriteTransaction({ _ in gate.wait() })
    store.withinReadWriteTransaction({ transaction in try transaction.write(data: hero, for: query) })
    let server = ScriptedServer(responses: [])
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: DispatchQueue(label: "client"))
    // Only the sending queue touches the transport until `wait` returns.
    nonisolated(unsafe) let transport = RequestChainNetworkTransport(
      interceptorProvider: DefaultInterceptorProvider(client: client, shouldInvalidateClientOnDeinit: false, store: store),
      endpointURL: URL(string: "http://scripted.invalid/graphql")!)
    let fetched = expectation(description: "fetch")
    let sent = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = transport.send(operation: query, cachePolicy: .returnCacheDataDontFetch, callbackQueue: DispatchQueue.global()) { result in
        XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2", "the read ran before the write submitted earlier")
        fetched.fulfill()
      }
      sent.signal()
    }
    XCTAssertEqual(sent.wait(timeout: .now() + 1), .success, "send returns at once, its read queued behind the transactions")
    gate.signal()
    wait(for: [fetched], timeout: 5)
    XCTAssertEqual(server.receivedCount, 0)
  }
}
