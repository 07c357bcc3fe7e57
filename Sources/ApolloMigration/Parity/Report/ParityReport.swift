import ApolloCore
import Foundation

/// What running scenarios through stacks found: per scenario and stack, whether the stack matched what it
/// must reproduce, and if not, the first difference in words.
///
/// Render it for people with ``text()`` or ``markdown()``, for tools with ``json()`` (schema below,
/// versioned by ``schemaVersion``):
///
/// ```json
/// {"schemaVersion": 1, "stacks": ["0.x", "2.x"], "matched": 1, "differed": 0, "failed": 0,
///  "scenarios": [{"name": "success", "summary": "…", "cells": [
///    {"stack": "0.x", "outcome": "reference", "trace": {…}},
///    {"stack": "2.x", "outcome": "matched", "reference": "0.x", "trace": {…}}]}]}
/// ```
///
/// `trace` holds each aspect (`deliveries`, `wire`, `wireDialect`, `hookCalls`, `store`) as its list of
/// facts (``ParityTrace/lines(_:)``), the same lines differences are worded from.
///
/// `outcome` is `reference` (a stack others are compared with), `matched`, `differed` (with
/// `difference`), `failed` (the run itself failed, e.g. an unreachable server; with `difference`) or
/// `uncompared` (nothing could be compared). `uncompared` also lists, on any cell, the aspects left out.
public struct ParityReport: Sendable, Equatable {
  /// The JSON schema's version; it changes only when a field changes meaning or goes away.
  public static let schemaVersion = 1

  /// How one stack fared in one scenario.
  public enum Outcome: String, Sendable, Codable {
    /// A stack the others are compared with.
    case reference
    /// The stack's trace equals its reference's on every compared aspect.
    case matched
    /// The traces differ; the cell's ``Cell/difference`` says where first.
    case differed
    /// The run itself failed (an unreachable server, a missing cassette); ``Cell/difference`` says why.
    case failed
    /// Nothing could be compared: the scenario declares that the two stacks' generations differ on every
    /// requested aspect, in a way its declared values do not describe for these hooks (``Cell/uncompared``).
    case uncompared
  }

  /// One stack in one scenario.
  public struct Cell: Sendable, Equatable {
    /// The stack's name.
    public var stack: String
    /// How it fared.
    public var outcome: Outcome
    /// The stack it was compared with.
    public var reference: String?
    /// The first difference (or the failure), in words.
    public var difference: String?
    /// What the stack did in this scenario; `nil` when the run failed.
    public var trace: ParityTrace?
    /// The aspects left out of the comparison, because the scenario declares the two generations differ
    /// there in a way that cannot be checked for these hooks (an app's own stacks only).
    public var uncompared: [ParityAspect]

    /// A cell; `reference` and `difference` only where the outcome has them.
    public init(stack: String, outcome: Outcome, reference: String? = nil, difference: String? = nil,
                trace: ParityTrace? = nil, uncompared: [ParityAspect] = []) {
      self.stack = stack
      self.outcome = outcome
      self.reference = reference
      self.difference = difference
      self.trace = trace
      self.uncompared = uncompared
    }
  }

  /// One scenario across the stacks.
  public struct Row: Sendable, Equatable {
    /// The scenario's name.
    public var scenario: String
    /// What the scenario does, in one sentence.
    public var summary: String
    /// One cell per stack, in ``ParityReport/stacks`` order.
    public var cells: [Cell]

    /// A row.
    public init(scenario: String, summary: String, cells: [Cell]) {
      self.scenario = scenario
      self.summary = summary
      self.cells = cells
    }
  }

  /// The stacks, in column order.
  public var stacks: [String]
  /// The scenarios, in the order they ran.
  public var rows: [Row]

  /// A report of `rows` over `stacks` (the column order).
  public init(stacks: [String], rows: [Row]) {
    self.stacks = stacks
    self.rows = rows
  }

  private func count(_ outcome: Outcome) -> Int {
    rows.reduce(0) { $0 + $1.cells.filter { $0.outcome == outcome }.count }
  }

  /// Cells that matched their reference.
  public var matched: Int { count(.matched) }
  /// Cells that differed from their reference.
  public var differed: Int { count(.differed) }
  /// Cells whose run failed.
  public var failed: Int { count(.failed) }
  /// Cells where nothing could be compared.
  public var uncompared: Int { count(.uncompared) }
  /// Whether every cell that is not a reference matched (none differed, failed, or went uncompared), and at least one
  /// did: a report that compared nothing (no scenario, or no stack beside the reference) is not a pass.
  public var allMatched: Bool { differed == 0 && failed == 0 && uncompared == 0 && matched > 0 }

  /// The cells that did not match, as `scenario | stack · difference`.
  public var problems: [String] {
    rows.flatMap { row in
      row.cells.filter { $0.outcome == .differed || $0.outcome == .failed || $0.outcome == .uncompared }.map { cell in
        let what = cell.difference
          ?? (cell.outcome == .uncompared ? "nothing compared: " + cell.uncompared.map(\.rawValue).joined(separator: ", ")
              + " differ between the generations by declaration" : cell.outcome.rawValue)
        return "\(row.scenario) | \(cell.stack) · \(what)"
      }
    }
  }

  /// One line for the whole report.
  public var summaryLine: String {
    let cells = rows.reduce(0) { $0 + $1.cells.count }
    let nothingCompared = matched + differed + failed + uncompared == 0
    let verdict = allMatched ? "all match"
      : nothingCompared ? "nothing was compared"
      : "\(differed) differ, \(failed) failed" + (uncompared > 0 ? ", \(uncompared) uncompared" : "")
    return "\(rows.count) scenarios × \(stacks.count) stacks = \(cells) cells: \(matched) matched their reference, \(verdict)"
  }
}
