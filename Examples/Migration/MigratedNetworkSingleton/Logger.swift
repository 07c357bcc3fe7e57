import ApolloDelegateTransport

/// The app's log: printed, and kept so the example can check what the delegates did.
enum Logger {
  private static let lines = Mutex<[String]>([])

  static func log(_ line: String) {
    print("    " + line)
    lines.withLock { $0.append(line) }
  }

  /// Everything logged from position `start` on.
  static func lines(from start: Int) -> [String] {
    lines.withLock { Array($0.dropFirst(start)) }
  }

  static var count: Int { lines.withLock { $0.count } }
}
