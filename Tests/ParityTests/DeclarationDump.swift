import ApolloMigration
import Foundation
import XCTest

/// `PARITY_DUMP_DECLARATIONS=<file>` writes the current native differences as Swift source, for review
/// before they are declared in the catalog. Without the variable this test only checks it is unset.
final class DeclarationDumpTests: XCTestCase {
  func testDumpDeclarationsWhenAsked() async throws {
    guard let path = ProcessInfo.processInfo.environment["PARITY_DUMP_DECLARATIONS"] else { return }
    let runner = ParityRunner()
    var out = ""
    for scenario in ParityCatalog.all {
      var traces: [ParityGeneration: ParityTrace] = [:]
      for generation in ParityGeneration.allCases { traces[generation] = await runner.run(scenario, on: .native(generation)) }
      for aspect in ParityCatalogTests.crossGenerationAspects {
        let rendered = traces.mapValues { $0.render(aspect) }
        guard Set(rendered.values).count > 1 else { continue }
        out += "\"\(scenario.name)\": .\(aspect.rawValue) [\n"
        for generation in ParityGeneration.allCases {
          out += "  .v\(generation.rawValue.prefix(1)): \(String(reflecting: rendered[generation] ?? "")),\n"
        }
        out += "]\n"
      }
    }
    try out.write(toFile: path, atomically: true, encoding: .utf8)
  }
}
