import ApolloMigration
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One run of `apollo-parity`: checks its inputs, runs the harness, prints the report, and says how
/// the process should exit (0 all matched, 1 a difference, 2 unusable input).
struct ParityCommand {
  let commandLine: ParityCommandLine
  let scenarios: [ParityScenario]
  let stacks: [ParityStack]

  func run() async -> Int32 {
    let server: ParityHarness.Server
    if let directory = commandLine.replayDirectory {
      let library = ParityCassetteLibrary(directory: URL(fileURLWithPath: directory))
      // Read every cassette first: a bad one is a usage problem, not a difference.
      for scenario in scenarios {
        do { _ = try library.cassette(for: scenario.name) } catch {
          return usageFailure("\(error)")
        }
      }
      server = .replay(library)
    } else if let endpoint = commandLine.endpoint {
      if let problem = await Self.unreachable(endpoint) {
        return usageFailure("cannot reach \(endpoint.absoluteString): \(problem)")
      }
      if let directory = commandLine.recordDirectory {
        let library = ParityCassetteLibrary(directory: URL(fileURLWithPath: directory))
        do {
          try await record(into: library, from: endpoint)
        } catch {
          return usageFailure("\(error)")
        }
        // The report compares the stacks on what was just recorded, so it is the one a replay gives.
        server = .replay(library)
      } else {
        server = .live(endpoint: endpoint)
      }
    } else {
      server = .inProcess
    }

    let harness = ParityHarness(server: server) { index, count, name in
      printError("[\(index)/\(count)] \(name)")
    }
    let report: ParityReport
    if let reference = commandLine.reference {
      let chosen = stacks.contains(reference) ? stacks : [reference] + stacks
      report = await harness.run(scenarios, stacks: chosen.map { ParityStackDefinition.builtIn($0) }, reference: reference.rawValue)
    } else {
      report = await harness.run(scenarios, stacks: stacks)
    }
    switch commandLine.format {
    case .text: print(report.text())
    case .json: print(report.json())
    case .markdown: print(report.markdown())
    }
    return report.allMatched ? 0 : 1
  }

  /// Records each scenario through the native 2.x stack (the engine the migration ends on).
  private func record(into library: ParityCassetteLibrary, from endpoint: URL) async throws {
    let runner = ParityRunner()
    for (index, scenario) in scenarios.enumerated() {
      printError("[\(index + 1)/\(scenarios.count)] recording \(scenario.name)")
      let (_, cassette) = try await runner.record(scenario, on: .builtIn(.native2x), from: endpoint)
      try library.write(cassette)
    }
  }

  private func usageFailure(_ problem: String) -> Int32 {
    printError("apollo-parity: \(problem)")
    return 2
  }

  /// Why `endpoint` cannot be reached, or `nil` when any HTTP answer comes back.
  static func unreachable(_ endpoint: URL) async -> String? {
    var request = URLRequest(url: endpoint, timeoutInterval: 5)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(#"{"query":"{__typename}"}"#.utf8)
    do {
      _ = try await URLSession.shared.data(for: request)
      return nil
    } catch let error as URLError {
      return error.localizedDescription.isEmpty ? "\(error.code)" : "\(error.code.rawValue) \(error.localizedDescription)"
    } catch {
      return "\(error)"
    }
  }
}
