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
}
