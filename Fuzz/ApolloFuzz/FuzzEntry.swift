import Foundation

/// libFuzzer's entry point: runs the target named by `APOLLO_FUZZ_TARGET` on one input.
///
/// One binary holds every target so that the fuzz build links once; `scripts/fuzz.sh` sets the variable and
/// gives each target its own corpus. A target traps (`preconditionFailure`) when an invariant breaks, which
/// libFuzzer reports as a crash with the input that caused it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  selectedTarget.run(data)
  return 0
}

/// Resolved once: an unknown name stops the run before the first input, listing the names.
let selectedTarget: FuzzTarget = {
  let name = ProcessInfo.processInfo.environment["APOLLO_FUZZ_TARGET"] ?? ""
  guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("APOLLO_FUZZ_TARGET must be one of: \(names) (got '\(name)')\n".utf8))
    exit(2)
  }
  return target
}()
