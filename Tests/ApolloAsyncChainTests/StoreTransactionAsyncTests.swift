import ApolloAsyncChain
import Foundation
import StarWarsAPI
import XCTest

/// The 2.x spellings: `async` transactions whose bodies `try await` the transaction's methods.
final class StoreTransactionAsyncTests: XCTestCase {
  func test_withinReadWriteTransaction_writesQueryDataThatLoadReturns() async throws {
    let store = ApolloStore()
    let query = HeroNameQuery(episode: .some(.init(.JEDI)))
    let hero = HeroNameQuery.Data(hero: .init(__typename: "Droid", id: "2001", name: "R2-D2"))
    try await store.withinReadWriteTransaction { transaction in
      try await transaction.write(data: hero, for: query)
    }
    let loaded = try await store.load(query)
    XCTAssertEqual(loaded?.data?.hero?.name, "R2-D2")
    XCTAssertEqual(loaded?.source, .cache)

    let name = try await store.withinReadTransaction { transaction in
      try await transaction.read(query: query).hero?.name
    }
    XCTAssertEqual(name, "R2-D2")
  }

  func test_withinReadWriteTransaction_rethrowsTheBodysError_andReleasesTheStore() async throws {
    struct Stop: Error {}
    let store = ApolloStore()
    do {
      try await store.withinReadWriteTransaction { _ in throw Stop() }
      XCTFail("expected the body's error")
    } catch is Stop {}
    let ran = try await store.withinReadWriteTransaction { _ in true }
    XCTAssertTrue(ran)
  }
}
