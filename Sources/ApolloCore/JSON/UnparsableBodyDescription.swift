import Foundation

/// The words every generation's "could not parse to JSON" error uses, kept to the letter: logs, tests and
/// support tooling match on them. The body is shown as text when it is UTF-8, else only its size.
public enum UnparsableBodyDescription {
  /// `Could not parse data to JSON format. Data received as a String was: <body>`, or, for a body that is
  /// not UTF-8, `Could not parse data to JSON format. Data of count <n> also could not be parsed into a String.`
  public static func text(for data: Data) -> String {
    if let body = String(data: data, encoding: .utf8) {
      return "Could not parse data to JSON format. Data received as a String was: " + body
    }
    return "Could not parse data to JSON format. Data of count \(data.count) also could not be parsed into a String."
  }
}
