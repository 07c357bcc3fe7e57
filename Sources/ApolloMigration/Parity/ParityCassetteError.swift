/// A cassette that cannot be read or written.
public struct ParityCassetteError: Error, CustomStringConvertible, Equatable {
  /// The path of the cassette file that could not be read or written.
  public let file: String
  /// What is wrong with it.
  public let problem: String
  public var description: String { "cassette \(file): \(problem)" }

  /// An error about `file`.
  public init(file: String, problem: String) {
    self.file = file
    self.problem = problem
  }
}
