import ApolloMigration
import ApolloParityCatalog
import Foundation
import XCTest

/// Runs every catalog scenario through every stack and holds them to the parity rules.
final class ParityCatalogTests: XCTestCase {
  /// Traces of the whole catalog, run once for every test in this class.
  nonisolated(unsafe) private static var traces: [String: [ParityStack: ParityTrace]] = [:]

  private func allTraces() async -> [String: [ParityStack: ParityTrace]] {
    if !Self.traces.isEmpty { return Self.traces }
    let runner = ParityRunner()
    var traces: [String: [ParityStack: ParityTrace]] = [:]
    for scenario in ParityCatalog.all {
      for stack in ParityStack.allCases {
        traces[scenario.name, default: [:]][stack] = await runner.run(scenario, on: stack)
      }
    }
    Self.traces = traces
    return traces
  }

  func test_catalog_hasAtLeastFortyScenariosWithUniqueNames() {
    let names = ParityCatalog.all.map(\.name)
    XCTAssertGreaterThanOrEqual(names.count, 40)
    XCTAssertEqual(Set(names).count, names.count, "scenario names must be unique")
  }

  func test_adaptedStacks_reproduceTheirNativeGenerationsTrace() async {
    let traces = await allTraces()
    var gapsSeen: Set<String> = []
    for scenario in ParityCatalog.all {
      for stack in ParityStack.allCases where stack.reference != nil {
        guard let traceSet = traces[scenario.name] else { return XCTFail("no traces for \(scenario.name)") }
        let difference = ParityCatalogTests.firstDifference(of: stack, in: scenario, traces: traceSet)
        let key = "\(scenario.name) | \(stack.rawValue)"
        if let dump = ProcessInfo.processInfo.environment["PARITY_DUMP_GAPS"], let difference {
          let line = "    \(String(reflecting: key)): \(String(reflecting: difference)),\n"
          if let handle = FileHandle(forWritingAtPath: dump) { handle.seekToEndOfFile(); handle.write(Data(line.utf8)); handle.closeFile() }
        }
        if let gap = ParityCatalog.timingSensitiveGaps[key] {
          if let difference { XCTAssertEqual(difference, gap, "timing-sensitive gap \(key) changed") }
        } else if let gap = ParityCatalog.knownGaps[key] {
          gapsSeen.insert(key)
          XCTAssertEqual(difference, gap, "known gap \(key) changed (fixed or different): update ParityCatalog.knownGaps")
        } else if let difference {
          XCTFail("\(key) · \(difference)")
        }
      }
    }
    XCTAssertEqual(gapsSeen, Set(ParityCatalog.knownGaps.keys), "every known gap names a scenario and stack that exist")
  }

  static func firstDifference(of stack: ParityStack, in scenario: ParityScenario,
                              traces: [ParityStack: ParityTrace]) -> String? {
    stack.firstDifference(in: scenario, traces: traces)
  }

  func test_nativeGenerations_differOnlyWhereDeclared() async {
    let traces = await allTraces()
    for scenario in ParityCatalog.all {
      guard let v0 = traces[scenario.name]?[.native0x], let v1 = traces[scenario.name]?[.native1x],
            let v2 = traces[scenario.name]?[.native2x] else { return XCTFail("missing traces for \(scenario.name)") }
      let byGeneration: [ParityGeneration: ParityTrace] = [.v0: v0, .v1: v1, .v2: v2]
      for aspect in ParityCatalogTests.crossGenerationAspects {
        let rendered = byGeneration.mapValues { $0.render(aspect) }
        let declared = scenario.differences.first { $0.aspect == aspect }
        guard let declared else {
          if Set(rendered.values).count > 1 {
            XCTFail("\(scenario.name): undeclared \(aspect.rawValue) difference: "
                    + ParityGeneration.allCases.map { "\($0.rawValue): \(rendered[$0] ?? "")" }.joined(separator: " ‖ "))
          }
          continue
        }
        XCTAssertGreaterThan(Set(rendered.values).count, 1, "\(scenario.name): \(aspect.rawValue) is declared different but is the same")
        for (generation, expected) in declared.values {
          XCTAssertEqual(rendered[generation], expected, "\(scenario.name): declared \(aspect.rawValue) of \(generation.rawValue) drifted")
        }
      }
    }
  }

  /// What native generations are compared on: what the caller gets, what the server sees, what is cached.
  static let crossGenerationAspects: [ParityAspect] = [.deliveries, .wire, .store]

  func test_parityCatalog_printsTheScenarioByStackMatrix() async {
    let traces = await allTraces()
    var lines = ["scenario × stack (= same as its native reference; ✗ first difference)"]
    var cells = 0
    for scenario in ParityCatalog.all {
      var row: [String] = []
      for stack in ParityStack.allCases {
        guard let trace = traces[scenario.name]?[stack] else { continue }
        cells += 1
        if stack.reference != nil, let traceSet = traces[scenario.name] {
          _ = trace
          row.append(Self.firstDifference(of: stack, in: scenario, traces: traceSet) == nil ? "=" : "✗")
        } else {
          row.append("·")
        }
      }
      lines.append(scenario.name.padding(toLength: 32, withPad: " ", startingAt: 0) + row.joined(separator: " "))
    }
    print(lines.joined(separator: "\n"))
    XCTAssertEqual(cells, ParityCatalog.all.count * ParityStack.allCases.count)
  }
}
