import ApolloCallbackWebSocket
import Foundation
import XCTest

final class OperationMessageIdCreatorTests: XCTestCase {
  func test_sequencedCreator_startsAtOne() {
    let creator = ApolloSequencedOperationMessageIdCreator()
    XCTAssertEqual([creator.requestId(), creator.requestId(), creator.requestId()], ["1", "2", "3"])
  }

  func test_sequencedCreator_startsAtTheGivenNumber() {
    let creator = ApolloSequencedOperationMessageIdCreator(startAt: 999_999)
    XCTAssertEqual([creator.requestId(), creator.requestId()], ["999999", "1000000"])
  }

  func test_sequencedCreator_givesUniqueIdsAcrossThreads() {
    let creator = ApolloSequencedOperationMessageIdCreator()
    let ids = Collected<String>()
    DispatchQueue.concurrentPerform(iterations: 200) { _ in ids.append(creator.requestId()) }
    XCTAssertEqual(Set(ids.values).count, 200)
    XCTAssertEqual(Set(ids.values), Set((1...200).map(String.init)))
  }

  func test_sequencedCreator_copiesShareTheSequence() {
    let creator = ApolloSequencedOperationMessageIdCreator()
    let copy = creator
    XCTAssertEqual([creator.requestId(), copy.requestId()], ["1", "2"])
  }
}
