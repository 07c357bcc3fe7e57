import ApolloWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The platform's WebSocket session, counting the sockets it opens and recording what goes out on each.
final class RecordingWebSocketSession: WebSocketURLSession, @unchecked Sendable {  // `_tasks` is behind `lock`
  private let base: any WebSocketURLSession = DefaultWebSocketURLSession.platformDefault
  private let lock = NSLock()
  private var _tasks: [RecordingWebSocketTask] = []

  var tasks: [RecordingWebSocketTask] { lock.withLock { _tasks } }

  func webSocketTask(with request: URLRequest) -> any WebSocketTask {
    let task = RecordingWebSocketTask(base: base.webSocketTask(with: request))
    lock.withLock { _tasks.append(task) }
    return task
  }

  /// Tasks that were resumed (real sockets).
  var openedSockets: Int { tasks.filter(\.resumed).count }
}

final class RecordingWebSocketTask: WebSocketTask, @unchecked Sendable {  // `_sent`/`_resumed` are behind `lock`
  let base: any WebSocketTask
  private let lock = NSLock()
  private var _sent: [String] = []
  private var _resumed = false

  init(base: any WebSocketTask) { self.base = base }

  var sent: [JSON.Object] { lock.withLock { _sent }.compactMap { try? JSONParser.parseObject(Data($0.utf8)) } }
  var resumed: Bool { lock.withLock { _resumed } }
  func sent(type: String) -> [JSON.Object] { sent.filter { $0["type"]?.stringValue == type } }

  func resume() {
    lock.withLock { _resumed = true }
    base.resume()
  }

  func send(_ message: URLSessionWebSocketTask.Message) async throws {
    if case .string(let text) = message { lock.withLock { _sent.append(text) } }
    try await base.send(message)
  }

  func receive() async throws -> URLSessionWebSocketTask.Message { try await base.receive() }

  func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) { base.cancel(with: closeCode, reason: reason) }
}

/// Records the delegate's calls.
final class WebSocketEvents: WebSocketTransportDelegate, @unchecked Sendable {  // `_events` is behind `lock`
  private let lock = NSLock()
  private var _events: [String] = []
  var events: [String] { lock.withLock { _events } }
  private func record(_ event: String) { lock.withLock { _events.append(event) } }

  func webSocketTransportDidConnect(_ webSocketTransport: isolated WebSocketTransport) { record("connect") }
  func webSocketTransportDidReconnect(_ webSocketTransport: isolated WebSocketTransport) { record("reconnect") }
  func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didDisconnectWithError error: (any Error)?) {
    record("disconnect")
  }
  func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didReceivePingWithPayload payload: JSON.Object?) {
    record("ping")
  }
  func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didReceivePongWithPayload payload: JSON.Object?) {
    record("pong")
  }
}

/// The `ws://` URL of a TestServer path.
func webSocketURL(_ base: URL, _ pathAndQuery: String = "/graphql") -> URL {
  var text = base.absoluteString
  if text.hasPrefix("http") { text = "ws" + text.dropFirst(4) }
  return URL(string: text + pathAndQuery)!
}

/// A TestServer of this test's own on another port, which the test may kill and restart; the shared
/// server is never touched.
struct PrivateTestServer {
  let port: Int
  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs `scripts/test-server.sh <command>` for this port and returns its exit status.
  ///
  /// Uses `posix_spawn` + `waitpid` rather than Foundation's `Process`: on Linux, `Process` notices the end of a
  /// child through a descriptor that the detached server inherits, so `waitUntilExit()` would wait for the server.
  /// The child gets an empty signal mask: a spawned process inherits the spawning thread's, and this thread
  /// blocks nearly every signal, SIGTERM included, so a server started here ignored `stop` and was killed
  /// after the script's 5 s ("did not stop after SIGTERM; sending SIGKILL").
  @discardableResult
  func run(_ command: String) async throws -> Int32 {
    let arguments = ["/usr/bin/env", "bash", Self.root.appendingPathComponent("scripts/test-server.sh").path, command]
    var environment = ProcessInfo.processInfo.environment
    environment["APOLLO_TEST_SERVER_PORT"] = String(port)
    let environmentLines = environment.map { "\($0.key)=\($0.value)" }
    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
      let thread = Thread {
        var pid: pid_t = 0
        #if canImport(Darwin)
        var fileActions: posix_spawn_file_actions_t? = nil
        #else
        var fileActions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&fileActions)
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environmentLines.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let spawned = posix_spawn(&pid, "/usr/bin/env", &fileActions, &attributes, argv, envp)
        guard spawned == 0 else {
          continuation.resume(throwing: TestServer.ControlError(description: "posix_spawn failed: \(spawned)"))
          return
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        continuation.resume(returning: (status >> 8) & 0xFF)
      }
      thread.start()
    }
  }

  /// ``run(_:)``, failing unless the command succeeds.
  func must(_ command: String) async throws {
    let status = try await run(command)
    guard status == 0 else {
      throw TestServer.ControlError(description: "test-server.sh \(command) on port \(port) exited with \(status)")
    }
  }

  /// The server's process id (from its pid file).
  func pid() throws -> Int32 {
    // scripts/test-server.sh names the default port's files without the port.
    let name = port == TestPorts.scriptDefaultPort ? "server.pid" : "server-\(port).pid"
    let file = Self.root.appendingPathComponent("TestServer/.run/\(name)")
    let text = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let pid = Int32(text) else { throw TestServer.ControlError(description: "no pid in \(file.path)") }
    return pid
  }

  /// Deletes the server's log files (scripts/test-server.sh keeps the previous start's as `.log.1`).
  func removeLogs() {
    let name = port == TestPorts.scriptDefaultPort ? "server" : "server-\(port)"
    for suffix in [".log", ".log.1"] {
      try? FileManager.default.removeItem(at: Self.root.appendingPathComponent("TestServer/.run/\(name)\(suffix)"))
    }
  }

  /// Sends `signal` to the server process (SIGSTOP freezes it with its sockets open).
  func signal(_ signal: Int32) throws {
    _ = kill(try pid(), signal)
  }

  func stats() async throws -> JSON.Object {
    let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("_test/stats"))
    return try JSONParser.parseObject(data)
  }
}
