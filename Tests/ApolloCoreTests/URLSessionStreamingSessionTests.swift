// These tests run a local Python server through `Process`, which only exists on macOS and Linux.
#if os(macOS) || os(Linux)
import ApolloTestSupport
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import ApolloCore

final class URLSessionStreamingSessionTests: XCTestCase {
  private var server: StreamingTestHTTPServer!
  private var session: URLSessionStreamingSession!

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try StreamingTestHTTPServer()
    session = URLSessionStreamingSession()
  }

  override func tearDown() {
    session?.invalidate()
    session = nil
    server?.stop()
    server = nil
    super.tearDown()
  }

  // MARK: - Requests and responses

  func test_jsonPost_echoesRequestHeadersAndBody() async throws {
    let requestBody = #"{"query":"query Hero { hero { name } }","variables":{"episode":"JEDI"}}"#
    var request = URLRequest(url: server.url("/echo?op=Hero"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("HeroQuery", forHTTPHeaderField: "X-APOLLO-OPERATION-NAME")
    request.httpBody = Data(requestBody.utf8)

    let response = try await session.start(request)
    XCTAssertEqual(response.response.statusCode, 200)
    XCTAssertEqual(response.response.value(forHTTPHeaderField: "X-Custom-Header"), "Hello")
    XCTAssertEqual(response.response.value(forHTTPHeaderField: "x-custom-header"), "Hello")
    XCTAssertEqual(response.response.value(forHTTPHeaderField: "X-CUSTOM-HEADER"), "Hello")
    XCTAssertEqual(response.response.value(forHTTPHeaderField: "content-type"), "application/json")

    let body = try await collect(response.body)
    let echo = try XCTUnwrap(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    XCTAssertEqual(echo["method"] as? String, "POST")
    XCTAssertEqual(echo["path"] as? String, "/echo?op=Hero")
    XCTAssertEqual(echo["body"] as? String, requestBody)
    let headers = try XCTUnwrap(echo["headers"] as? [String: String])
    XCTAssertEqual(headers["x-apollo-operation-name"], "HeroQuery")
    XCTAssertEqual(headers["content-type"], "application/json")
    XCTAssertEqual(headers["content-length"], String(requestBody.utf8.count))
  }

  func test_responseBodyBytes_areExact() async throws {
    let response = try await session.start(URLRequest(url: server.url("/json")))
    XCTAssertEqual(response.response.statusCode, 200)
    XCTAssertEqual(response.response.value(forHTTPHeaderField: "Content-Type"), "application/json; charset=utf-8")
    XCTAssertEqual(response.response.value(forHTTPHeaderField: "x-apollo-test"), "yes")
    let body = try await collect(response.body)
    XCTAssertEqual(body, Data(#"{"data":{"hero":{"name":"R2-D2"}}}"#.utf8))
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_non2xxStatuses_returnTheResponseAndBody() async throws {
    let serverError = try await session.start(URLRequest(url: server.url("/status?code=500&body=boom")))
    XCTAssertEqual(serverError.response.statusCode, 500)
    let serverErrorBody = try await collect(serverError.body)
    XCTAssertEqual(String(decoding: serverErrorBody, as: UTF8.self), "boom")

    let unauthorized = try await session.start(URLRequest(url: server.url("/status?code=401")))
    XCTAssertEqual(unauthorized.response.statusCode, 401)
    let unauthorizedBody = try await collect(unauthorized.body)
    XCTAssertTrue(unauthorizedBody.isEmpty)
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_redirects_areFollowed() async throws {
    let response = try await session.start(URLRequest(url: server.url("/redirect?to=/json")))
    XCTAssertEqual(response.response.statusCode, 200)
    XCTAssertEqual(response.response.url?.path, "/json")
    let body = try await collect(response.body)
    XCTAssertEqual(body, Data(#"{"data":{"hero":{"name":"R2-D2"}}}"#.utf8))
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_fiveMegabyteBody_arrivesIntact() async throws {
    let size = 5 * 1024 * 1024
    let response = try await session.start(URLRequest(url: server.url("/big?size=\(size)")))
    XCTAssertEqual(response.response.statusCode, 200)
    var body = Data()
    var chunks = 0
    for try await chunk in response.body {
      body.append(chunk)
      chunks += 1
    }
    XCTAssertEqual(body.count, size)
    let expected = Data((0..<size).map { UInt8($0 % 251) })
    XCTAssertTrue(body == expected, "5 MB body differs from what the server sent")
    XCTAssertGreaterThan(chunks, 1, "a 5 MB body is expected to arrive in several chunks")
  }

  func test_nonHTTPResponse_throws() async throws {
    let url = try XCTUnwrap(URL(string: "data:text/plain;base64,SGVsbG8="))
    await assertThrows(try await session.start(URLRequest(url: url))) { error in
      XCTAssertEqual(error as? HTTPStreamingSessionError, .nonHTTPResponse)
    }
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  #if canImport(FoundationNetworking)
  func test_theConfiguredURLCache_isStillConsultedOnLinux() async throws {
    // On Linux the session wraps the configuration's cache (see `SynchronousLookupURLCache`); a response
    // in the caller's cache must still be served from it. (swift-corelibs-foundation never stores HTTP
    // responses itself, so the test puts one there.)
    let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: cacheDirectory) }
    let cache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: cacheDirectory.path)
    let configuration = URLSessionConfiguration.default
    configuration.urlCache = cache
    let cachingSession = URLSessionStreamingSession(configuration: configuration)
    defer { cachingSession.invalidate() }

    let id = UUID().uuidString
    let request = URLRequest(url: server.url("/cacheable?id=\(id)"))
    let url = try XCTUnwrap(request.url)
    let cachedHead = try XCTUnwrap(HTTPURLResponse(
      url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Cache-Control": "max-age=600"]
    ))
    cache.storeCachedResponse(
      CachedURLResponse(response: cachedHead, data: Data("from-cache".utf8), storagePolicy: .allowedInMemoryOnly),
      for: request
    )

    let response = try await cachingSession.start(request)
    let body = try await collect(response.body)
    XCTAssertEqual(String(decoding: body, as: UTF8.self), "from-cache")
    let hits = try await collectString(URLRequest(url: server.url("/hits?id=\(id)")))
    XCTAssertEqual(hits, "0", "the request should have been answered from the cache")
    XCTAssertTrue(configuration.urlCache === cache, "the caller's configuration must not be modified")
    XCTAssertEqual(cachingSession.activeTaskCount, 0)
  }
  #endif

  // MARK: - Streaming

  func test_body_isDeliveredBeforeTheServerWritesTheRest() async throws {
    // The server writes "first" and then waits until /release is hit before writing "second".
    // A buffering client could never see "first" before it releases the server.
    let id = UUID().uuidString
    let response = try await session.start(URLRequest(url: server.url("/gated?id=\(id)")))
    var iterator = response.body.makeAsyncIterator()
    let first = try await iterator.next()
    XCTAssertEqual(first.map { String(decoding: $0, as: UTF8.self) }, "first")

    let release = try await session.start(URLRequest(url: server.url("/release?id=\(id)")))
    _ = try await collect(release.body)

    var rest = Data()
    while let chunk = try await iterator.next() {
      rest.append(chunk)
    }
    XCTAssertEqual(String(decoding: rest, as: UTF8.self), "second")
  }

  func test_pieces_arriveSpreadOutInTime() async throws {
    let startedAt = now()
    let response = try await session.start(URLRequest(url: server.url("/stream")))
    var body = Data()
    var firstArrival: Double?
    var firstChunk = Data()
    for try await chunk in response.body {
      if firstArrival == nil {
        firstArrival = now()
        firstChunk = chunk
      }
      body.append(chunk)
    }
    let endedAt = now()
    XCTAssertEqual(String(decoding: body, as: UTF8.self), "piece-1\npiece-2\npiece-3\n")
    XCTAssertTrue(String(decoding: firstChunk, as: UTF8.self).hasPrefix("piece-1"))
    XCTAssertFalse(String(decoding: firstChunk, as: UTF8.self).contains("piece-3"))
    let first = try XCTUnwrap(firstArrival)
    // The server spends 600 ms between the first and the last piece; a buffered body would arrive all at once.
    // The margin leaves room for a loaded CI machine coalescing two pieces into one read.
    XCTAssertGreaterThan(endedAt - first, 0.2, "the first piece arrived only when the whole body was there")
    XCTAssertGreaterThan(endedAt - startedAt, 0.5)
  }

  // MARK: - Failures

  func test_connectionDroppedMidBody_endsTheBodyWithAnError() async throws {
    let response = try await session.start(URLRequest(url: server.url("/drop")))
    XCTAssertEqual(response.response.statusCode, 200)
    var received = Data()
    do {
      for try await chunk in response.body {
        received.append(chunk)
      }
      XCTFail("The body ended cleanly after \(received.count) of 1000 bytes")
    } catch {
      XCTAssertTrue(error is URLError, "Expected a URLError, got \(error)")
      print("Dropped connection ended the body with \(error)")
    }
    XCTAssertLessThanOrEqual(received.count, 10)
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_connectionRefused_throwsURLError() async throws {
    let freePort = try await collectString(URLRequest(url: server.url("/free-port")))
    let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(freePort)/nothing-here"))
    await assertThrows(try await session.start(URLRequest(url: url))) { error in
      let urlError = error as? URLError
      XCTAssertNotNil(urlError, "Expected a URLError, got \(error)")
      XCTAssertEqual(urlError?.code, .cannotConnectToHost)
    }
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_timeout_throwsTimedOut() async throws {
    var request = URLRequest(url: server.url("/slow?seconds=3"))
    request.timeoutInterval = 0.5
    let startedAt = now()
    await assertThrows(try await session.start(request)) { error in
      XCTAssertEqual((error as? URLError)?.code, .timedOut, "Expected URLError(.timedOut), got \(error)")
    }
    XCTAssertLessThan(now() - startedAt, 2.5)
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_subSecondTimeout_doesNotFireBeforeItElapses() async throws {
    var request = URLRequest(url: server.url("/slow?seconds=0.1"))
    request.timeoutInterval = 0.5
    let response = try await session.start(request)
    XCTAssertEqual(response.response.statusCode, 200)
    let body = try await collect(response.body)
    XCTAssertEqual(String(decoding: body, as: UTF8.self), "slow")
  }

  // MARK: - Cancellation

  func test_cancellingStart_throwsCancellationErrorPromptly() async throws {
    let session = try XCTUnwrap(self.session)
    let request = URLRequest(url: server.url("/slow?seconds=5"))
    let task = Task { try await session.start(request) }
    try await Task.sleep(nanoseconds: 300_000_000)
    let cancelledAt = now()
    task.cancel()
    do {
      _ = try await task.value
      XCTFail("start returned although it was cancelled")
    } catch {
      XCTAssertTrue(error is CancellationError, "Expected CancellationError, got \(error)")
    }
    // The server would answer after 5 s.
    XCTAssertLessThan(now() - cancelledAt, 2.0)
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_startInAnAlreadyCancelledTask_throwsCancellationError() async throws {
    let session = try XCTUnwrap(self.session)
    let request = URLRequest(url: server.url("/slow?seconds=5"))
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await session.start(request)
    }
    do {
      _ = try await task.value
      XCTFail("start returned although it was cancelled")
    } catch {
      XCTAssertTrue(error is CancellationError, "Expected CancellationError, got \(error)")
    }
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_cancellationRacingTheResponse_neverHangsOrLeaks() async throws {
    // Cancels at many points around the moment the response and the completion arrive. On Linux this
    // used to trap inside FoundationNetworking when a cancel raced the task's completion.
    let session = try XCTUnwrap(self.session)
    let request = URLRequest(url: server.url("/json"))
    for round in 0..<120 {
      let task = Task { () -> Data in
        let response = try await session.start(request)
        var body = Data()
        for try await chunk in response.body {
          body.append(chunk)
        }
        return body
      }
      switch round % 3 {
      case 0: await Task.yield()
      case 1: try await Task.sleep(nanoseconds: UInt64(round % 40) * 50_000)
      default: try await Task.sleep(nanoseconds: UInt64(round % 40) * 150_000)
      }
      task.cancel()
      // Either outcome is fine; it must simply finish.
      _ = try? await task.value
    }
    let drained = await eventually { session.activeTaskCount == 0 }
    XCTAssertTrue(drained, "\(session.activeTaskCount) tasks left in the table")
  }

  func test_droppingBodiesRacingTheirCompletion_neverHangsOrLeaks() async throws {
    // The body is abandoned right as it completes, so the consumer's cancellation races the completion.
    let session = try XCTUnwrap(self.session)
    let request = URLRequest(url: server.url("/json"))
    for round in 0..<120 {
      let response = try await session.start(request)
      if round % 2 == 1 {
        try await Task.sleep(nanoseconds: UInt64(round % 20) * 50_000)
      }
      _ = response  // dropped here: the stream terminates with `.cancelled`
    }
    let drained = await eventually { session.activeTaskCount == 0 }
    XCTAssertTrue(drained, "\(session.activeTaskCount) tasks left in the table")
  }

  func test_breakingOutOfTheBody_cancelsTheDataTask() async throws {
    let id = UUID().uuidString
    let ticks = try await readTicksAndBreak(URLRequest(url: server.url("/infinite?id=\(id)")), count: 2)
    XCTAssertEqual(ticks, 2)

    let drained = await eventually { self.session.activeTaskCount == 0 }
    XCTAssertTrue(drained, "the per-task state outlived the body")
    let serverSawClose = await eventually {
      (try? await self.collectString(URLRequest(url: self.server.url("/closed?id=\(id)")))) == "yes"
    }
    XCTAssertTrue(serverSawClose, "the server kept streaming to a consumer that went away")
  }

  func test_cancellingTheConsumingTask_cancelsTheDataTask() async throws {
    let session = try XCTUnwrap(self.session)
    let id = UUID().uuidString
    let response = try await session.start(URLRequest(url: server.url("/infinite?id=\(id)")))
    let consumer = Task { () -> Int in
      var count = 0
      for try await _ in response.body {
        count += 1
      }
      return count
    }
    try await Task.sleep(nanoseconds: 200_000_000)
    consumer.cancel()
    _ = try? await consumer.value

    let drained = await eventually { session.activeTaskCount == 0 }
    XCTAssertTrue(drained, "the per-task state outlived the cancelled consumer")
    let serverSawClose = await eventually {
      (try? await self.collectString(URLRequest(url: self.server.url("/closed?id=\(id)")))) == "yes"
    }
    XCTAssertTrue(serverSawClose, "the server kept streaming to a cancelled consumer")
  }

  // MARK: - Concurrency and lifetime

  func test_fiftyConcurrentRequests_succeed() async throws {
    let session = try XCTUnwrap(self.session)
    let url = server.url("/echo")
    let echoed = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
      for index in 0..<50 {
        group.addTask {
          var request = URLRequest(url: url)
          request.httpMethod = "POST"
          request.httpBody = Data("request-\(index)".utf8)
          let response = try await session.start(request)
          XCTAssertEqual(response.response.statusCode, 200)
          var body = Data()
          for try await chunk in response.body {
            body.append(chunk)
          }
          let echo = try JSONSerialization.jsonObject(with: body) as? [String: Any]
          return (index, echo?["body"] as? String)
        }
      }
      var results: [Int: String?] = [:]
      for try await (index, body) in group {
        results[index] = body
      }
      return results
    }
    XCTAssertEqual(echoed.count, 50)
    for index in 0..<50 {
      XCTAssertEqual(echoed[index] ?? nil, "request-\(index)")
    }
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_startAfterInvalidate_throwsInvalidated() async throws {
    session.invalidate()
    await assertThrows(try await session.start(URLRequest(url: server.url("/json")))) { error in
      XCTAssertEqual(error as? HTTPStreamingSessionError, .invalidated)
    }
    session.invalidate()  // a second call is harmless
  }

  func test_invalidate_failsInFlightRequestsAndBodies() async throws {
    let session = try XCTUnwrap(self.session)
    let streaming = try await session.start(URLRequest(url: server.url("/infinite?id=\(UUID().uuidString)")))
    let slowRequest = URLRequest(url: server.url("/slow?seconds=5"))
    let pending = Task { try await session.start(slowRequest) }
    try await Task.sleep(nanoseconds: 300_000_000)

    session.invalidate()

    do {
      _ = try await pending.value
      XCTFail("start returned after invalidate")
    } catch {
      XCTAssertEqual(error as? HTTPStreamingSessionError, .invalidated)
    }
    do {
      _ = try await collect(streaming.body)
      XCTFail("the body ended cleanly after invalidate")
    } catch {
      XCTAssertEqual(error as? HTTPStreamingSessionError, .invalidated)
    }
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_invalidateRacing_startsNeverHangs() async throws {
    let session = try XCTUnwrap(self.session)
    let request = URLRequest(url: server.url("/json"))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<20 {
        group.addTask {
          do {
            let response = try await session.start(request)
            for try await _ in response.body {}
          } catch {
            // Either the request finished first, or it was failed by the invalidation.
            XCTAssertEqual(error as? HTTPStreamingSessionError, .invalidated, "unexpected \(error)")
          }
        }
      }
      try await Task.sleep(nanoseconds: 5_000_000)
      session.invalidate()
      try await group.waitForAll()
    }
    XCTAssertEqual(session.activeTaskCount, 0)
  }

  func test_releasingTheSession_deinitializesIt() async throws {
    weak var weakSession: URLSessionStreamingSession?
    do {
      let session = URLSessionStreamingSession()
      weakSession = session
      let response = try await session.start(URLRequest(url: server.url("/json")))
      _ = try await collect(response.body)
    }
    XCTAssertNil(weakSession, "the session is retained after its last reference went away")
  }

  // MARK: - Helpers

  private func readTicksAndBreak(_ request: URLRequest, count: Int) async throws -> Int {
    let response = try await session.start(request)
    var ticks = 0
    for try await _ in response.body {
      ticks += 1
      if ticks == count { break }
    }
    return ticks
  }

  private func collect(_ body: AsyncThrowingStream<Data, any Error>) async throws -> Data {
    var data = Data()
    for try await chunk in body {
      data.append(chunk)
    }
    return data
  }

  private func collectString(_ request: URLRequest) async throws -> String {
    let response = try await session.start(request)
    return String(decoding: try await collect(response.body), as: UTF8.self)
  }

  private func assertThrows<T>(
    _ expression: @autoclosure () async throws -> T,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ check: (any Error) -> Void
  ) async {
    do {
      _ = try await expression()
      XCTFail("Expected an error", file: file, line: line)
    } catch {
      check(error)
    }
  }

  private func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
  }
}

// MARK: - Test server

/// A tiny HTTP/1.1 server for tests: a Python standard-library script run as a subprocess,
/// listening on 127.0.0.1 with a port chosen by the OS.
private final class StreamingTestHTTPServer {
  let port: Int
  private let process: Process
  private let stdinPipe: Pipe
  private let stderrPipe: Pipe
  private let scriptURL: URL

  init() throws {
    let scriptURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("apollo-streaming-test-server-\(UUID().uuidString).py")
    try Data(Self.script.utf8).write(to: scriptURL)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-u", scriptURL.path]
    let stdoutPipe = Pipe()
    let stdinPipe = Pipe()
    process.standardOutput = stdoutPipe
    process.standardInput = stdinPipe
    // The script's stderr goes through a pipe rather than being inherited: an inherited stderr kept
    // open by a stray child would keep `swift test` waiting for the test process's output to end.
    let stderrPipe = Pipe()
    process.standardError = stderrPipe
    stderrPipe.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty {
        handle.readabilityHandler = nil
      } else {
        FileHandle.standardError.write(data)
      }
    }
    do {
      try process.run()
    } catch {
      stderrPipe.fileHandleForReading.readabilityHandler = nil
      try? FileManager.default.removeItem(at: scriptURL)
      throw error
    }
    self.process = process
    self.stdinPipe = stdinPipe
    self.stderrPipe = stderrPipe
    self.scriptURL = scriptURL

    guard let line = Self.readLine(from: stdoutPipe.fileHandleForReading, timeout: 20),
          let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), port > 0
    else {
      self.port = 0
      stop()
      throw TestServerError.didNotStart
    }
    self.port = port
  }

  func url(_ pathAndQuery: String) -> URL {
    guard let url = URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)") else {
      preconditionFailure("Bad test URL \(pathAndQuery)")
    }
    return url
  }

  func stop() {
    // Closing stdin makes the script exit by itself. Processes started from a Dispatch thread inherit
    // a signal mask that blocks SIGTERM, so `terminate()` alone may never land; SIGKILL is the last resort.
    try? stdinPipe.fileHandleForWriting.close()
    if !waitForExit(seconds: 3) {
      process.terminate()
      if !waitForExit(seconds: 2) {
        kill(process.processIdentifier, SIGKILL)
      }
    }
    process.waitUntilExit()
    stderrPipe.fileHandleForReading.readabilityHandler = nil
    try? FileManager.default.removeItem(at: scriptURL)
  }

  private func waitForExit(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    return !process.isRunning
  }

  enum TestServerError: Error {
    case didNotStart
  }

  /// Reads one line from `handle` on a background thread, giving up after `timeout` seconds.
  private static func readLine(from handle: FileHandle, timeout: TimeInterval) -> String? {
    let box = LineBox()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var buffer = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }  // EOF: the script exited
        buffer.append(chunk)
        if buffer.contains(UInt8(ascii: "\n")) { break }
      }
      let line = String(decoding: buffer, as: UTF8.self).split(separator: "\n").first.map(String.init)
      box.set(line)
      done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return box.get()
  }

  // @unchecked Sendable: `value` is only accessed while holding `lock`.
  private final class LineBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?
    func set(_ newValue: String?) {
      lock.lock()
      value = newValue
      lock.unlock()
    }
    func get() -> String? {
      lock.lock()
      defer { lock.unlock() }
      return value
    }
  }

  private static let script = #"""
import http.server
import json
import os
import signal
import socket
import sys
import threading
import time
from urllib.parse import urlparse, parse_qs

state_lock = threading.Lock()
release_events = {}
closed_streams = set()
hit_counts = {}


def release_event(key):
    with state_lock:
        return release_events.setdefault(key, threading.Event())


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        self.dispatch()

    def do_POST(self):
        self.dispatch()

    def dispatch(self):
        url = urlparse(self.path)
        query = {key: values[0] for key, values in parse_qs(url.query).items()}
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        handler = getattr(self, "route_" + url.path.strip("/").replace("-", "_"), None)
        try:
            if handler is None:
                self.send_body(404, b"not found")
            else:
                handler(query, body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def send_body(self, status, body, content_type="text/plain", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(body)
        self.wfile.flush()

    def start_chunked(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()

    def write_chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def end_chunks(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    # Echoes the request back as JSON.
    def route_echo(self, query, body):
        payload = {
            "method": self.command,
            "path": self.path,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body": body.decode("utf-8", "replace"),
        }
        self.send_body(200, json.dumps(payload).encode(), "application/json",
                       [("X-Custom-Header", "Hello"), ("X-Echo-Method", self.command)])

    # A fixed JSON document.
    def route_json(self, query, body):
        self.send_body(200, b'{"data":{"hero":{"name":"R2-D2"}}}', "application/json; charset=utf-8",
                       [("X-Apollo-Test", "yes")])

    # Three pieces, 300 ms apart.
    def route_stream(self, query, body):
        self.start_chunked()
        for index in range(1, 4):
            if index > 1:
                time.sleep(0.3)
            self.write_chunk(b"piece-%d\n" % index)
        self.end_chunks()

    # Writes "first", then waits until /release?id=... is hit before writing "second".
    def route_gated(self, query, body):
        event = release_event(query["id"])
        self.start_chunked()
        self.write_chunk(b"first")
        released = event.wait(10)
        self.write_chunk(b"second" if released else b"timeout")
        self.end_chunks()

    def route_release(self, query, body):
        release_event(query["id"]).set()
        self.send_body(200, b"released")

    # Cacheable for a minute; counts how often it is fetched per id.
    def route_cacheable(self, query, body):
        with state_lock:
            hit_counts[query["id"]] = hit_counts.get(query["id"], 0) + 1
        self.send_body(200, b"cacheable", headers=[("Cache-Control", "max-age=60")])

    def route_hits(self, query, body):
        with state_lock:
            count = hit_counts.get(query["id"], 0)
        self.send_body(200, str(count).encode())

    def route_redirect(self, query, body):
        self.send_body(302, b"", headers=[("Location", query["to"])])

    def route_status(self, query, body):
        self.send_body(int(query["code"]), query.get("body", "").encode())

    # Promises 1000 bytes, sends 10, then closes the connection.
    def route_drop(self, query, body):
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", "1000")
        self.end_headers()
        self.wfile.write(b"0123456789")
        self.wfile.flush()
        time.sleep(0.1)
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)

    def route_slow(self, query, body):
        time.sleep(float(query.get("seconds", "3")))
        self.send_body(200, b"slow")

    # Streams a tick every 50 ms for up to 30 s; remembers if the client went away.
    def route_infinite(self, query, body):
        key = query["id"]
        self.start_chunked()
        try:
            for _ in range(600):
                self.write_chunk(b"tick\n")
                time.sleep(0.05)
            self.end_chunks()
        except (BrokenPipeError, ConnectionResetError):
            with state_lock:
                closed_streams.add(key)
            self.close_connection = True

    def route_closed(self, query, body):
        with state_lock:
            closed = query["id"] in closed_streams
        self.send_body(200, b"yes" if closed else b"no")

    # Bytes 0, 1, ..., 250, 0, 1, ... of the requested size.
    def route_big(self, query, body):
        size = int(query["size"])
        pattern = bytes(range(251))
        data = (pattern * (size // len(pattern) + 1))[:size]
        self.send_body(200, data, "application/octet-stream")

    # A port nothing listens on (bound and released at once).
    def route_free_port(self, query, body):
        probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        self.send_body(200, str(port).encode())


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def handle_error(self, request, client_address):
        # Clients that hang up (cancelled requests) are expected here.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def exit_when_parent_goes_away():
    sys.stdin.buffer.read()
    os._exit(0)


# The parent may have spawned us from a thread that blocks most signals; undo that.
signal.pthread_sigmask(signal.SIG_SETMASK, set())
signal.signal(signal.SIGTERM, signal.SIG_DFL)
threading.Thread(target=exit_when_parent_goes_away, daemon=True).start()
server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
"""#
}
#endif
