import ApolloCore
import Foundation

/// The three renderings of a report.
extension ParityReport {
  /// A matrix a person reads at a glance (`=` matched, `✗` differed, `!` failed, `?` nothing compared,
  /// `·` reference), then
  /// each difference in words, then the summary line.
  public func text() -> String {
    let width = max(8, rows.map(\.scenario.count).max() ?? 0)
    var lines: [String] = []
    lines.append("stacks: " + stacks.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", "))
    lines.append(pad("scenario", width) + "  " + stacks.indices.map { String($0 + 1) }.joined(separator: " "))
    for row in rows {
      let marks = stacks.map { stack in row.cells.first { $0.stack == stack }.map(Self.mark) ?? " " }
      lines.append(pad(row.scenario, width) + "  " + marks.joined(separator: " "))
    }
    lines.append("= matched its reference  ✗ differed  ! failed  ? nothing compared  · reference")
    if !problems.isEmpty {
      lines.append("")
      lines.append(contentsOf: problems)
    }
    lines.append("")
    lines.append(summaryLine)
    return lines.joined(separator: "\n")
  }

  /// A Markdown table (scenario × stack) and a list of the differences.
  public func markdown() -> String {
    var lines: [String] = []
    lines.append("| scenario | " + stacks.map(Self.escaped).joined(separator: " | ") + " |")
    lines.append("|---|" + stacks.map { _ in "---|" }.joined())
    for row in rows {
      let marks = stacks.map { stack in row.cells.first { $0.stack == stack }.map(Self.mark) ?? "" }
      lines.append("| \(Self.escaped(row.scenario)) | " + marks.joined(separator: " | ") + " |")
    }
    lines.append("")
    lines.append("`=` matched its reference, `✗` differed, `!` failed, `?` nothing compared, `·` reference.")
    if !problems.isEmpty {
      lines.append("")
      lines.append("Differences:")
      lines.append("")
      for problem in problems { lines.append("- " + Self.escaped(problem)) }
    }
    lines.append("")
    lines.append("**\(summaryLine)**")
    return lines.joined(separator: "\n")
  }

  /// The report as JSON with sorted keys (schema in the type's documentation).
  public func json() -> String {
    let scenarios: [JSON] = rows.map { row in
      .object([
        "name": .string(row.scenario),
        "summary": .string(row.summary),
        "cells": .array(row.cells.map { cell in
          var object: JSON.Object = ["stack": .string(cell.stack), "outcome": .string(cell.outcome.rawValue)]
          if let reference = cell.reference { object["reference"] = .string(reference) }
          if let difference = cell.difference { object["difference"] = .string(difference) }
          if !cell.uncompared.isEmpty { object["uncompared"] = .array(cell.uncompared.map { .string($0.rawValue) }) }
          if let trace = cell.trace {
            var aspects: JSON.Object = [:]
            for aspect in ParityAspect.allCases { aspects[aspect.rawValue] = .array(trace.lines(aspect).map { .string($0) }) }
            object["trace"] = .object(aspects)
          }
          return .object(object)
        }),
      ])
    }
    let report: JSON.Object = [
      "schemaVersion": .int(Self.schemaVersion),
      "stacks": .array(stacks.map { .string($0) }),
      "matched": .int(matched),
      "differed": .int(differed),
      "failed": .int(failed),
      "scenarios": .array(scenarios),
    ]
    return JSONSerializer.string(.object(report), sortedKeys: true)
  }

  private static func mark(_ cell: Cell) -> String {
    switch cell.outcome {
    case .reference: return "·"
    case .matched: return "="
    case .differed: return "✗"
    case .failed: return "!"
    case .uncompared: return "?"
    }
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
