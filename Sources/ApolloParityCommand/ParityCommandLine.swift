import ApolloMigration
import Foundation

/// What the command line asked for.
struct ParityCommandLine: Equatable {
  enum Format: String, CaseIterable { case text, json, markdown }

  var endpoint: URL?
  var recordDirectory: String?
  var replayDirectory: String?
  var format: Format = .text
  var scenarios: [String] = []
  var stacks: [ParityStack] = []
  var reference: ParityStack?
  var help = false

  /// Why the command line cannot be used; printed with the usage, exit status 2.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  static let usage = """
    usage: apollo-parity [options]

    Runs the parity catalog (the same scenarios through 0.x, 1.x and 2.x stacks and this package's
    adapters) and prints a scenario × stack matrix: = matched its reference, ✗ differed, ! failed,
    · reference. Exit status: 0 when every stack matched, 1 on a difference, 2 on bad usage.

    options:
      --endpoint URL      run against this live GraphQL endpoint instead of the embedded scripted server
      --record DIR        with --endpoint: also write each scenario's responses to DIR/<scenario>.json
                          (Authorization, Cookie and similar header values redacted)
      --replay DIR        replay the responses recorded in DIR instead of asking a server
      --format FORMAT     text (default), json or markdown
      --scenario NAMES    only these scenarios (comma-separated; repeatable)
      --stacks LIST       only these stacks (comma-separated names, e.g. native0x,delegatesOn2x)
      --reference STACK   compare every stack with this one (the generations' own differences still
                          declared by a scenario are not compared), instead of each with its own native
      --list              list the scenarios and stacks, then exit
      --help              show this help

    stacks: \(ParityStack.allCases.map { "\($0.commandName) (\($0.rawValue))" }.joined(separator: ", "))
    """

  var list = false

  static func parse(_ arguments: [String]) throws -> ParityCommandLine {
    var line = ParityCommandLine()
    var remaining = arguments[...]
    func value(for flag: String) throws -> String {
      guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
        throw UsageError(description: "\(flag) needs a value")
      }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h":
        line.help = true
      case "--list":
        line.list = true
      case "--endpoint":
        let text = try value(for: argument)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { throw UsageError(description: "--endpoint needs an http(s) URL, got '\(text)'") }
        line.endpoint = url
      case "--record":
        line.recordDirectory = try value(for: argument)
      case "--replay":
        line.replayDirectory = try value(for: argument)
      case "--format":
        let text = try value(for: argument)
        guard let format = Format(rawValue: text) else {
          throw UsageError(description: "--format must be one of \(Format.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
        }
        line.format = format
      case "--scenario":
        line.scenarios += try value(for: argument).split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
      case "--stacks":
        for name in try value(for: argument).split(separator: ",") {
          line.stacks.append(try stack(named: String(name).trimmingCharacters(in: .whitespaces)))
        }
      case "--reference":
        line.reference = try stack(named: try value(for: argument))
      default:
        throw UsageError(description: "unknown option '\(argument)'")
      }
    }
    if line.recordDirectory != nil, line.endpoint == nil {
      throw UsageError(description: "--record needs --endpoint (the server to record)")
    }
    if line.replayDirectory != nil, line.endpoint != nil || line.recordDirectory != nil {
      throw UsageError(description: "--replay cannot be combined with --endpoint or --record")
    }
    return line
  }

  static func stack(named name: String) throws -> ParityStack {
    if let stack = ParityStack.allCases.first(where: { $0.commandName.lowercased() == name.lowercased() || $0.rawValue == name }) {
      return stack
    }
    throw UsageError(description: "unknown stack '\(name)'; stacks: \(ParityStack.allCases.map(\.commandName).joined(separator: ", "))")
  }
}

extension ParityStack {
  /// The stack's name on the command line: its case name (`delegatesOn2x`).
  var commandName: String { String(describing: self) }
}
