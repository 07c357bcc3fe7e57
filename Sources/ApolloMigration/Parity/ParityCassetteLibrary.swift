import Foundation

/// A folder of cassettes, one `<scenario>.json` per scenario.
public struct ParityCassetteLibrary: Sendable {
  /// The folder.
  public let directory: URL

  /// The cassettes in `directory` (created when the first one is written).
  public init(directory: URL) {
    self.directory = directory
  }

  /// The file a scenario's cassette lives in.
  public func file(for scenario: String) -> URL {
    directory.appendingPathComponent(scenario.replacingOccurrences(of: "/", with: "_") + ".json")
  }

  /// Reads the cassette of `scenario`.
  /// - Throws: ``ParityCassetteError`` when it is missing or unreadable.
  public func cassette(for scenario: String) throws -> ParityCassette {
    let url = file(for: scenario)
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw ParityCassetteError(file: url.path, problem: "cannot be read (record it first with --record)")
    }
    return try ParityCassette(decoding: data, source: url.path)
  }

  /// Writes `cassette`, creating the folder when needed.
  public func write(_ cassette: ParityCassette) throws {
    let url = file(for: cassette.scenario)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try cassette.encoded().write(to: url, options: .atomic)
    } catch {
      throw ParityCassetteError(file: url.path, problem: "cannot be written: \(error.localizedDescription)")
    }
  }
}
