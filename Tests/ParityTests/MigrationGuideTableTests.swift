import ApolloMigration
import ApolloParityCatalog
import Foundation
import XCTest

/// MIGRATION.md's table of declared cross-generation differences is generated from the catalog; this
/// test fails when the two drift apart, and rewrites the table when asked to.
final class MigrationGuideTableTests: XCTestCase {
  static let begin = "<!-- parity-differences:begin (generated from Tests/ParityTests; refresh: PARITY_WRITE_MIGRATION=1 swift test --filter MigrationGuideTableTests) -->"
  static let end = "<!-- parity-differences:end -->"

  func test_migrationGuidesDifferencesTable_matchesTheCatalog() throws {
    let guide = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("MIGRATION.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    guard let start = text.range(of: Self.begin), let finish = text.range(of: Self.end, range: start.upperBound..<text.endIndex)
    else { return XCTFail("MIGRATION.md has no parity-differences markers") }
    let expected = "\n" + Self.table(for: ParityCatalog.all) + "\n"
    let current = String(text[start.upperBound..<finish.lowerBound])
    if ProcessInfo.processInfo.environment["PARITY_WRITE_MIGRATION"] == "1", current != expected {
      try (text[..<start.upperBound] + expected + text[finish.lowerBound...]).write(to: guide, atomically: true, encoding: .utf8)
      return
    }
    XCTAssertEqual(current, expected, "MIGRATION.md's differences table is stale: run PARITY_WRITE_MIGRATION=1 swift test --filter MigrationGuideTableTests")
  }

  func test_table_groupsGenerationsThatBehaveAlikeAndJoinsAspectsWithOneReason() {
    let scenario = ParityScenario(
      name: "example", summary: "", steps: [], replies: [],
      differences: [
        ParityDeclaredDifference(.deliveries, [.v0: "a", .v1: "b", .v2: "b"], why: "Because."),
        ParityDeclaredDifference(.store, [.v0: "x", .v1: "y", .v2: "y"], why: "Because."),
      ])
    XCTAssertEqual(Self.table(for: [scenario]), """
      | scenario | what differs | generations (alike together) | why |
      |---|---|---|---|
      | example | deliveries, store | 0.x · 1.x, 2.x | Because. |
      """)
  }

  /// One row per scenario and reason: the aspects that differ for that reason, which generations
  /// behave alike, and the reason.
  static func table(for scenarios: [ParityScenario]) -> String {
    var lines = ["| scenario | what differs | generations (alike together) | why |", "|---|---|---|---|"]
    for scenario in scenarios {
      var reasons: [String] = []
      var aspects: [String: [String]] = [:]
      var groups: [String: String] = [:]
      for difference in scenario.differences {
        if aspects[difference.why] == nil {
          reasons.append(difference.why)
          groups[difference.why] = alikeGroups(difference.values)
        }
        aspects[difference.why, default: []].append(difference.aspect.rawValue)
      }
      for reason in reasons {
        let row = [scenario.name, aspects[reason, default: []].joined(separator: ", "), groups[reason] ?? "", reason]
        lines.append("| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `0.x · 1.x, 2.x`: generations with the same rendering share a group; groups in generation order.
  static func alikeGroups(_ values: [ParityGeneration: String]) -> String {
    var groups: [[ParityGeneration]] = []
    for generation in ParityGeneration.allCases {
      guard let value = values[generation] else { continue }
      if let index = groups.firstIndex(where: { values[$0[0]] == value }) {
        groups[index].append(generation)
      } else {
        groups.append([generation])
      }
    }
    return groups.map { $0.map(\.rawValue).joined(separator: ", ") }.joined(separator: " · ")
  }
}
