import ApolloCore
import ApolloMigration
import XCTest

/// How the first difference between two traces is worded.
final class ParityDifferenceWordingTests: XCTestCase {
  private func trace(header: String, named name: String = "authorization", delivery: ParityDelivery) -> ParityTrace {
    var step = ParityTrace.Step()
    step.requests = [ParityWireRequest(method: "POST", url: "http://x/graphql", headers: [name: header],
                                       engineHeaders: [:], body: "{}", engineBody: "")]
    step.deliveries = [delivery]
    var trace = ParityTrace()
    trace.steps = [step]
    return trace
  }

  func test_aSameNamedValue_isWordedAsThatValueDiffering() {
    let old = trace(header: "old", named: "x-request-id", delivery: .failure(ParityFailure(category: "http", detail: "401")))
    let new = trace(header: "new", named: "x-request-id", delivery: .failure(ParityFailure(category: "http", detail: "401")))
    XCTAssertEqual(old.firstDifference(from: new, in: [.deliveries, .wire], names: ("0.x", "2.x")),
                   "wire, step 1 · request 1: header x-request-id differs: 'old' (0.x) vs 'new' (2.x)")
  }

  /// A credential differs in words too, but as fingerprints: the report says the tokens differ without
  /// printing either.
  func test_aDifferingCredentialIsWordedWithFingerprints_neverTheToken() throws {
    let old = trace(header: "Bearer old", delivery: .failure(ParityFailure(category: "http", detail: "401")))
    let new = trace(header: "Bearer new", delivery: .failure(ParityFailure(category: "http", detail: "401")))
    let sentence = try XCTUnwrap(old.firstDifference(from: new, in: [.deliveries, .wire], names: ("0.x", "2.x")))
    XCTAssertEqual(sentence, "wire, step 1 · request 1: header authorization differs: "
                     + "'\(Redaction.secret("Bearer old"))' (0.x) vs '\(Redaction.secret("Bearer new"))' (2.x)")
    XCTAssertFalse(sentence.contains("Bearer"), sentence)
    XCTAssertNotEqual(Redaction.secret("Bearer old"), Redaction.secret("Bearer new"))
    XCTAssertTrue(old.render(.wire).contains("header authorization: <redacted "), old.render(.wire))
  }

  func test_differentFacts_areBothQuoted() {
    let left = trace(header: "a", delivery: .failure(ParityFailure(category: "noResults", detail: "")))
    let right = trace(header: "a", delivery: .failure(ParityFailure(category: "http", detail: "500")))
    XCTAssertEqual(left.firstDifference(from: right, in: [.deliveries], names: ("2.x", "1.x")),
                   "deliveries, step 1 · delivery 1: 2.x has 'failure noResults', 1.x has 'failure http(500)'")
  }

  func test_aMissingFact_isNothingMore() {
    var longer = trace(header: "a", delivery: .failure(ParityFailure(category: "http", detail: "500")))
    longer.steps[0].requests.append(longer.steps[0].requests[0])
    let shorter = trace(header: "a", delivery: .failure(ParityFailure(category: "http", detail: "500")))
    XCTAssertEqual(longer.firstDifference(from: shorter, in: [.wire], names: ("a", "b")),
                   "wire, step 1: a has '2 requests', b has '1 requests'")
    XCTAssertNil(longer.firstDifference(from: longer, in: ParityAspect.allCases, names: ("a", "b")))
  }
}
