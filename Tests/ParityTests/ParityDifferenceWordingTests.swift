import ApolloMigration
import XCTest

/// How the first difference between two traces is worded.
final class ParityDifferenceWordingTests: XCTestCase {
  private func trace(header: String, delivery: ParityDelivery) -> ParityTrace {
    var step = ParityTrace.Step()
    step.requests = [ParityWireRequest(method: "POST", url: "http://x/graphql", headers: ["authorization": header],
                                       engineHeaders: [:], body: "{}", engineBody: "")]
    step.deliveries = [delivery]
    var trace = ParityTrace()
    trace.steps = [step]
    return trace
  }

  func testASameNamedValueIsWordedAsThatValueDiffering() {
    let old = trace(header: "Bearer old", delivery: .failure(ParityFailure(category: "http", detail: "401")))
    let new = trace(header: "Bearer new", delivery: .failure(ParityFailure(category: "http", detail: "401")))
    XCTAssertEqual(old.firstDifference(from: new, in: [.deliveries, .wire], names: ("0.x", "2.x")),
                   "wire, step 1 · request 1: header authorization differs: 'Bearer old' (0.x) vs 'Bearer new' (2.x)")
  }

  func testDifferentFactsAreBothQuoted() {
    let left = trace(header: "a", delivery: .failure(ParityFailure(category: "noResults", detail: "")))
    let right = trace(header: "a", delivery: .failure(ParityFailure(category: "http", detail: "500")))
    XCTAssertEqual(left.firstDifference(from: right, in: [.deliveries], names: ("2.x", "1.x")),
                   "deliveries, step 1 · delivery 1: 2.x has 'failure noResults', 1.x has 'failure http(500)'")
  }

  func testAMissingFactIsNothingMore() {
    var longer = trace(header: "a", delivery: .failure(ParityFailure(category: "http", detail: "500")))
    longer.steps[0].requests.append(longer.steps[0].requests[0])
    let shorter = trace(header: "a", delivery: .failure(ParityFailure(category: "http", detail: "500")))
    XCTAssertEqual(longer.firstDifference(from: shorter, in: [.wire], names: ("a", "b")),
                   "wire, step 1: a has '2 requests', b has '1 requests'")
    XCTAssertNil(longer.firstDifference(from: longer, in: ParityAspect.allCases, names: ("a", "b")))
  }
}
