// apollo-parity: runs the parity catalog through every stack and prints the scenario × stack matrix.
// `swift run apollo-parity --help` for the options.
import ApolloMigration
import ApolloParityCatalog
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes to standard error: progress and problems, so standard output stays the report alone.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

func exitWithUsage(_ problem: String) -> Never {
  printError("apollo-parity: \(problem)")
  printError("run 'apollo-parity --help' for usage")
  exit(2)
}

let commandLine: ParityCommandLine
do {
  commandLine = try ParityCommandLine.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  exitWithUsage("\(error)")
}
if commandLine.help {
  print(ParityCommandLine.usage)
  exit(0)
}
if commandLine.list {
  for scenario in ParityCatalog.all { print("\(scenario.name): \(scenario.summary)") }
  print("")
  for stack in ParityStack.allCases { print("\(stack.commandName): \(stack.rawValue)") }
  exit(0)
}

let known = Set(ParityCatalog.all.map(\.name))
if let unknown = commandLine.scenarios.first(where: { !known.contains($0) }) {
  exitWithUsage("unknown scenario '\(unknown)'; 'apollo-parity --list' lists them")
}
let scenarios = commandLine.scenarios.isEmpty
  ? ParityCatalog.all : ParityCatalog.all.filter { commandLine.scenarios.contains($0.name) }
let stacks = commandLine.stacks.isEmpty ? ParityStack.allCases : commandLine.stacks

let exitStatus = await ParityCommand(commandLine: commandLine, scenarios: scenarios, stacks: stacks).run()
exit(exitStatus)
