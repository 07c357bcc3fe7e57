import Foundation

/// Runs scenarios through stacks side by side and reports, per scenario and stack, whether the stack
/// reproduced what it must.
///
/// ```swift
/// let report = await ParityHarness().run(ParityCatalog.all, stacks: [
///   .delegateTransport("0.x app") { Network() },
///   .delegatesOnAsyncChain("0.x hooks on 2.x") { Network() },
/// ])
/// print(report.text())
/// ```
public struct ParityHarness: Sendable {
  /// Where scenarios run: their replies in process (the default), a TestServer over real HTTP, a live
  /// GraphQL server, or cassettes.
  public enum Server: Sendable {
    /// Each scenario's replies, played by an in-process scripted server.
    case inProcess
    /// Each scenario's replies, played over real HTTP by TestServer at this base URL.
    case testServer(URL)
    /// A real GraphQL endpoint: the scenario's replies are ignored, every stack asks the server.
    case live(endpoint: URL)
    /// Each scenario's recorded responses, replayed in process from the cassettes in this folder.
    case replay(ParityCassetteLibrary)
  }

  /// Runs each scenario through each stack (its settle time, timeout and endpoint).
  public var runner: ParityRunner
  /// Where the scenarios run.
  public var server: Server
  /// Called before each scenario runs: (1-based index, count, name).
  public var progress: (@Sendable (Int, Int, String) -> Void)?

  /// A harness; by default in process, with the default runner and no progress reports.
  public init(runner: ParityRunner = ParityRunner(), server: Server = .inProcess,
              progress: (@Sendable (Int, Int, String) -> Void)? = nil) {
    self.runner = runner
    self.server = server
    self.progress = progress
  }

  /// The built-in stacks, each held to its native reference (``ParityStack/firstDifference(in:traces:)``).
  /// A reference a chosen stack needs is run too, but only the chosen stacks are reported.
  public func run(_ scenarios: [ParityScenario], stacks: [ParityStack] = ParityStack.allCases) async -> ParityReport {
    let needed = ParityStack.allCases.filter { stack in
      stacks.contains(stack) || stacks.contains { $0.reference == stack } || stacks.contains { ParityStack.native($0.callSurface) == stack }
    }
    var rows: [ParityReport.Row] = []
    for (index, scenario) in scenarios.enumerated() {
      progress?(index + 1, scenarios.count, scenario.name)
      var traces: [ParityStack: ParityTrace] = [:]
      var failures: [ParityStack: String] = [:]
      for stack in needed {
        do {
          traces[stack] = try await trace(scenario, on: .builtIn(stack))
        } catch {
          failures[stack] = "\(error)"
        }
      }
      let cells = stacks.map { stack -> ParityReport.Cell in
        if let failure = failures[stack] ?? stack.reference.flatMap({ failures[$0] }) {
          return ParityReport.Cell(stack: stack.rawValue, outcome: .failed, reference: stack.reference?.rawValue, difference: failure)
        }
        guard let reference = stack.reference else { return ParityReport.Cell(stack: stack.rawValue, outcome: .reference) }
        if let difference = stack.firstDifference(in: scenario, traces: traces) {
          return ParityReport.Cell(stack: stack.rawValue, outcome: .differed, reference: reference.rawValue, difference: difference)
        }
        return ParityReport.Cell(stack: stack.rawValue, outcome: .matched, reference: reference.rawValue)
      }
      let traced = zip(stacks, cells).map { stack, cell in
        var cell = cell
        cell.trace = traces[stack]
        return cell
      }
      rows.append(ParityReport.Row(scenario: scenario.name, summary: scenario.summary, cells: traced))
    }
    return ParityReport(stacks: stacks.map(\.rawValue), rows: rows)
  }

  /// An app's own stacks, each compared with `reference` (the first stack when `nil`) on `aspects`.
  ///
  /// Where the scenario declares that the generations of the two stacks' clients differ on an aspect
  /// (``ParityScenario/differences``), the stack may show either side: the reference's behaviour, or the
  /// behaviour declared for its own client's generation. That is checked when the declared values describe
  /// these hooks (the reference renders the aspect exactly as declared for its generation); otherwise the
  /// aspect is left out for the pair and named in the cell's ``ParityReport/Cell/uncompared``, and a cell
  /// left with nothing to compare is ``ParityReport/Outcome/uncompared``, never matched.
  ///
  /// Fewer than two stacks, a `reference` that names no stack, or two stacks with one name, fails every cell and runs
  /// nothing.
  /// `.hookCalls` is empty for an app's stacks (only the catalog's hooks record their calls).
  public func run(_ scenarios: [ParityScenario], stacks: [ParityStackDefinition], reference: String? = nil,
                  aspects: [ParityAspect] = [.deliveries, .wire, .store]) async -> ParityReport {
    let referenceName = reference ?? stacks.first?.name ?? ""
    if let problem = Self.namingProblem(stacks: stacks, reference: referenceName) {
      let cells = stacks.map { ParityReport.Cell(stack: $0.name, outcome: .failed, difference: problem) }
      return ParityReport(stacks: stacks.map(\.name), rows: scenarios.map {
        ParityReport.Row(scenario: $0.name, summary: $0.summary, cells: cells)
      })
    }
    var rows: [ParityReport.Row] = []
    for (index, scenario) in scenarios.enumerated() {
      progress?(index + 1, scenarios.count, scenario.name)
      var traces: [String: Result<ParityTrace, any Error>] = [:]
      for stack in stacks {
        do { traces[stack.name] = .success(try await trace(scenario, on: stack)) } catch { traces[stack.name] = .failure(error) }
      }
      let referenceStack = stacks.first { $0.name == referenceName }
      let cells = stacks.map { stack -> ParityReport.Cell in
        guard stack.name != referenceName, let referenceStack else {
          return ParityReport.Cell(stack: stack.name, outcome: .reference)
        }
        switch (traces[stack.name], traces[referenceName]) {
        case (.success(let trace)?, .success(let expected)?):
          return Self.compare(trace, of: stack, with: expected, of: referenceStack, in: scenario, on: aspects)
        case (.failure(let error)?, _), (_, .failure(let error)?):
          return ParityReport.Cell(stack: stack.name, outcome: .failed, reference: referenceName, difference: "\(error)")
        default:
          return ParityReport.Cell(stack: stack.name, outcome: .failed, reference: referenceName, difference: "no trace")
        }
      }
      let traced = zip(stacks, cells).map { stack, cell in
        var cell = cell
        if case .success(let trace)? = traces[stack.name] { cell.trace = trace }
        return cell
      }
      rows.append(ParityReport.Row(scenario: scenario.name, summary: scenario.summary, cells: traced))
    }
    return ParityReport(stacks: stacks.map(\.name), rows: rows)
  }

  /// Why the stacks cannot be compared as named, or `nil`.
  private static func namingProblem(stacks: [ParityStackDefinition], reference: String) -> String? {
    guard stacks.count >= 2 else {
      return "a comparison needs at least two stacks (a reference and one to compare with it); got \(stacks.count)"
    }
    var seen: Set<String> = []
    for stack in stacks where !seen.insert(stack.name).inserted {
      return "two stacks are named '\(stack.name)': each needs its own name"
    }
    guard seen.contains(reference) else {
      return "no stack is named '\(reference)' (the reference); the stacks are " + stacks.map { "'\($0.name)'" }.joined(separator: ", ")
    }
    return nil
  }

  /// One user stack's cell: each aspect equal to the reference's, or, where the scenario declares the two
  /// clients' generations differ, equal to what is declared for this stack's generation.
  private static func compare(_ trace: ParityTrace, of stack: ParityStackDefinition, with expected: ParityTrace,
                              of reference: ParityStackDefinition, in scenario: ParityScenario,
                              on aspects: [ParityAspect]) -> ParityReport.Cell {
    let names = (stack.name, reference.name)
    var uncompared: [ParityAspect] = []
    var compared = 0
    for aspect in aspects {
      let declared = scenario.differences.first {
        $0.aspect == aspect && $0.values[stack.callSurface] != $0.values[reference.callSurface]
      }
      guard let declared else {
        if let difference = trace.firstDifference(from: expected, in: [aspect], names: names) {
          return ParityReport.Cell(stack: stack.name, outcome: .differed, reference: reference.name, difference: difference)
        }
        compared += 1
        continue
      }
      // The declared renderings were taken with the catalog's hooks; they say something about these hooks
      // only when the reference shows exactly what is declared for its generation.
      let theirs = expected.render(aspect)
      guard theirs == declared.values[reference.callSurface] else {
        uncompared.append(aspect)
        continue
      }
      let mine = trace.render(aspect)
      if mine != theirs, mine != declared.values[stack.callSurface],
         let difference = trace.firstDifference(from: expected, in: [aspect], names: names) {
        return ParityReport.Cell(stack: stack.name, outcome: .differed, reference: reference.name,
                                 difference: difference + " (neither side of the declared difference)")
      }
      compared += 1
    }
    return ParityReport.Cell(stack: stack.name, outcome: compared == 0 && !aspects.isEmpty ? .uncompared : .matched,
                             reference: reference.name, uncompared: uncompared)
  }

  /// One scenario through one stack, wherever ``server`` says.
  public func trace(_ scenario: ParityScenario, on stack: ParityStackDefinition) async throws -> ParityTrace {
    switch server {
    case .inProcess:
      return await runner.run(scenario, on: stack)
    case .testServer(let base):
      return try await runner.run(scenario, on: stack, overHTTPAt: base)
    case .live(let endpoint):
      return try await runner.run(scenario, on: stack, againstLiveEndpoint: endpoint)
    case .replay(let library):
      var replayed = scenario
      replayed.replies = try library.cassette(for: scenario.name).replies
      return await runner.run(replayed, on: stack)
    }
  }
}
