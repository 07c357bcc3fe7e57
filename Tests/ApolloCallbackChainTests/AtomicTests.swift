import ApolloCallbackChain
import Foundation
import XCTest

final class AtomicTests: XCTestCase {
  // Safe: both properties are `@Atomic`, so every access takes the wrapper's lock (the wrapper's storage is a
  // `var` only because property wrappers cannot be `let`).
  private final class Counter: @unchecked Sendable {
    @Atomic var count = 0
    @Atomic var names: [String] = []
  }

  func test_concurrentIncrements_areNotLost() async {
    let counter = Counter()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 { group.addTask { counter.$count.increment() } }
    }
    XCTAssertEqual(counter.count, 1_000)
  }

  func test_mutate_changesTheValue_andReturnsTheBlocksResult() {
    let counter = Counter()
    let size = counter.$names.mutate { names -> Int in
      names.append("a")
      return names.count
    }
    XCTAssertEqual(size, 1)
    XCTAssertEqual(counter.names, ["a"])
  }
}
