import ApolloMigration
import ApolloParityCatalog
import Foundation
import XCTest

/// A subset of the catalog over real HTTP: TestServer plays each scenario's replies, every generation
/// loads through its own `URLSession` client, and the adapted stacks must still reproduce their
/// references; each stack must also behave as it does against the in-process scripted server.
final class ParityOverHTTPTests: XCTestCase {
  /// Scenarios whose replies travel over HTTP, covering each kind of reply and each hook.
  static let subset = [
    "success", "data-with-errors", "errors-only", "mutation", "upload", "500-json", "500-empty", "malformed-json",
    "truncated-body", "401-refresh-retry", "veto", "token-header", "graphql-error-retry", "recover-from-error",
    "get-for-queries", "apq-not-found", "cache-first-miss-then-hit", "defer-20220824", "multipart-subscription",
  ]

  /// `APOLLO_TEST_SERVER_URL`, else `http://127.0.0.1:$APOLLO_TEST_SERVER_PORT`, else scripts/test-server.sh's
  /// default port 4010, as the integration tests find it.
  static let server: URL = {
    let environment = ProcessInfo.processInfo.environment
    let configured = environment["APOLLO_TEST_SERVER_URL"] ?? ""
    let text = configured.isEmpty ? "http://127.0.0.1:\(environment["APOLLO_TEST_SERVER_PORT"] ?? "4010")" : configured
    return URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text) ?? URL(fileURLWithPath: "/")
  }()

  func test_subsetOverRealHTTP_adaptedStacksReproduceTheirReferences_andMatchTheInProcessRun() async throws {
    let scenarios = ParityCatalog.all.filter { Self.subset.contains($0.name) }
    XCTAssertEqual(scenarios.count, Self.subset.count, "every subset name is a catalog scenario")
    let live = ParityRunner(settle: .milliseconds(100))
    let inProcess = ParityRunner()
    for scenario in scenarios {
      XCTAssertTrue(ParityRunner.canRunOverHTTP(scenario), "\(scenario.name) cannot be played over HTTP")
      var traces: [ParityStack: ParityTrace] = [:]
      for stack in ParityStack.allCases {
        do {
          traces[stack] = try await live.run(scenario, on: stack, overHTTPAt: Self.server)
        } catch {
          return XCTFail("TestServer at \(Self.server) failed the run (start it: bash scripts/test-server.sh start): \(error)")
        }
      }
      for stack in ParityStack.allCases where stack.reference != nil {
        if let difference = ParityCatalogTests.firstDifference(of: stack, in: scenario, traces: traces) {
          XCTFail("over HTTP, \(scenario.name) | \(stack.rawValue) · \(difference)")
        }
      }
      // The scripted server stands in for HTTP everywhere else: what the caller gets must not depend on it.
      for stack in ParityStack.allCases {
        guard let overHTTP = traces[stack] else { continue }
        let scripted = await inProcess.run(scenario, on: stack)
        if let difference = overHTTP.firstDifference(from: scripted, in: [.deliveries, .store], names: ("over HTTP", "in process")) {
          XCTFail("\(scenario.name) | \(stack.rawValue) · \(difference)")
        }
      }
    }
  }

  func test_aReplyThatFailsBeforeAnyResponse_cannotBePlayedOverHTTP() throws {
    let refused = try XCTUnwrap(ParityCatalog.all.first { $0.name == "connection-refused" })
    XCTAssertFalse(ParityRunner.canRunOverHTTP(refused))
  }
}
