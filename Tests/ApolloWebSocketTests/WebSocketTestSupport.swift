import ApolloTestSupport
import ApolloWebSocket
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The repository root, from this file's path.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The TestServer's Python (its venv), installed by `scripts/test-server.sh install` when missing.
func pythonOfTestServer() throws -> String {
  let python = repositoryRoot.appendingPathComponent("TestServer/.venv/bin/python").path
  if !FileManager.default.isExecutableFile(atPath: python) {
    let install = Process()
    install.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    install.arguments = ["bash", repositoryRoot.appendingPathComponent("scripts/test-server.sh").path, "install"]
    try install.run()
    install.waitUntilExit()
  }
  return python
}

/// `TestServer/ws_fault_server.py`: an independent WebSocket server (the `websockets` package) for the
/// RFC 6455 client, started per test class; it exits when its stdin closes.
final class PythonWebSocketServer: @unchecked Sendable {  // immutable after init; `process` is only touched in stop()
  let process = Process()
  let stdin = Pipe()
  let webSocketPort: Int
  let rawPort: Int

  init() throws {
    let stdout = Pipe()
    process.executableURL = URL(fileURLWithPath: try pythonOfTestServer())
    process.arguments = [repositoryRoot.appendingPathComponent("TestServer/ws_fault_server.py").path]
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    var line = Data()
    let deadline = Date().addingTimeInterval(20)
    while !line.contains(0x0A) && Date() < deadline {
      let chunk = stdout.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let words = String(decoding: line, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard words.count >= 3, words[0] == "READY", let ws = Int(words[1]), let raw = Int(words[2]) else {
      process.terminate()
      throw TimeoutError(seconds: 20)
    }
    webSocketPort = ws
    rawPort = raw
  }

  func url(_ path: String, raw: Bool = false) -> URL {
    URL(string: "ws://127.0.0.1:\(raw ? rawPort : webSocketPort)\(path)")!
  }

  func stop() {
    try? stdin.fileHandleForWriting.close()
    process.terminate()
    process.waitUntilExit()
  }
}

func wsText(_ message: URLSessionWebSocketTask.Message) -> String? {
  if case .string(let text) = message { return text }
  return nil
}

func wsData(_ message: URLSessionWebSocketTask.Message) -> Data? {
  if case .data(let data) = message { return data }
  return nil
}

/// A weak reference the tests can poll from a `@Sendable` closure.
final class WeakRef<T: AnyObject>: @unchecked Sendable {  // written once before polling starts, then only read
  weak var value: T?
}
