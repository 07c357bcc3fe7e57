import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A dependency-free RFC 6455 WebSocket client over a POSIX socket.
///
/// `resume()` starts a dedicated reader thread that connects, does the opening handshake (with
/// subprotocol negotiation from the request's `Sec-WebSocket-Protocol` and the accept-key check), then
/// reads frames: fragmented messages are joined, pings are answered, a close frame is echoed. Messages
/// wait in a queue for ``receive()`` (or ``messages``); once it holds `maximumBufferedBytes`, the reader
/// stops reading the socket until a receive makes room, so a server that sends faster than the app reads
/// is slowed by TCP instead of growing this process's memory (nothing is dropped). Client frames are
/// masked with keys from `SystemRandomNumberGenerator`. Writes run on a serial queue, so sends are ordered.
public final class RFC6455WebSocketTask: WebSocketTask {
  /// Foundation's message type (`.string` or `.data`), so this task and `URLSessionWebSocketTask` are
  /// interchangeable behind `WebSocketTask`.
  public typealias Message = URLSessionWebSocketTask.Message

  private struct State {
    var fd: Int32 = -1
    var started = false
    var open = false
    var closed = false            // no more sends
    var closeSent = false
    var buffered = RFC6455MessageQueue()
    /// Whether the reader thread waits on `room` for the queue to drop below the limit.
    var readerWaitsForRoom = false
    var ended: (any Error)?       // set once: the receive side's final error
    /// Pending `receive` calls, oldest first; `id` lets a cancelled stream reader withdraw its own.
    var waiters: [(id: UInt64, continuation: CheckedContinuation<Message, any Error>)] = []
    var lastWaiterID: UInt64 = 0
    var pongWaiters: [CheckedContinuation<Void, any Error>] = []
    var handshakeWaiters: [CheckedContinuation<Void, any Error>] = []
    var negotiatedProtocol: String?
    var closeCode: Int?
    var pendingPong = RFC6455PendingPong()
  }

  /// The upgrade request: its URL, headers (`Sec-WebSocket-Protocol` included) and nothing else is used.
  public let request: URLRequest
  private let connectTimeout: TimeInterval
  private let handshakeTimeout: TimeInterval
  private let maximumMessageSize: Int
  private let idleTimeout: TimeInterval?
  private let maximumBufferedBytes: Int
  private let state = Mutex(State())
  /// Signalled once for each time the reader waits for room (`readerWaitsForRoom`).
  private let room = DispatchSemaphore(value: 0)
  private let writeQueue = DispatchQueue(label: "RFC6455WebSocketTask.write")

  /// A task for `request` with these limits (see ``RFC6455WebSocketSession`` for each); `resume()` connects.
  public init(request: URLRequest, connectTimeout: TimeInterval = 10, handshakeTimeout: TimeInterval = 10,
              maximumMessageSize: Int = 64 << 20, idleTimeout: TimeInterval? = nil,
              maximumBufferedBytes: Int = 16 << 20) {
    self.request = request
    // At least one byte: with none, the reader would wait after every message for room that never comes.
    self.maximumBufferedBytes = max(1, maximumBufferedBytes)
    self.connectTimeout = connectTimeout
    self.handshakeTimeout = handshakeTimeout
    self.maximumMessageSize = maximumMessageSize
    self.idleTimeout = idleTimeout
  }

  deinit {
    let fd = state.withLock { state -> Int32 in
      let fd = state.fd
      state.fd = -1
      return fd
    }
    if fd >= 0 { _ = shutdown(fd, Int32(SHUT_RDWR)) }
  }

  /// The subprotocol the server chose, once the handshake is done.
  public var negotiatedProtocol: String? { state.withLock { $0.negotiatedProtocol } }
  /// The close code the server sent, if any.
  public var closeCode: Int? { state.withLock { $0.closeCode } }

  // MARK: WebSocketTask

  public func resume() {
    let start = state.withLock { state -> Bool in
      defer { state.started = true }
      return !state.started && state.ended == nil
    }
    guard start else { return }
    let thread = Thread { [self] in run() }
    thread.name = "RFC6455WebSocketTask.reader"
    thread.start()
  }

  /// Waits until the opening handshake is done; throws its error.
  public func waitForOpen() async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let outcome: Result<Void, any Error>? = state.withLock { state in
        if state.open { return .success(()) }
        if let ended = state.ended { return .failure(ended) }
        state.handshakeWaiters.append(continuation)
        return nil
      }
      if let outcome { continuation.resume(with: outcome) }
    }
  }

  public func receive() async throws -> Message {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Message, any Error>) in
      let outcome: Result<Message, any Error>? = state.withLock { state in
        if let message = takeBuffered(&state) { return .success(message) }
        if let ended = state.ended { return .failure(ended) }
        state.waiters.append((0, continuation))
        return nil
      }
      if let outcome { continuation.resume(with: outcome) }
    }
  }

  /// `receive`, except that cancelling the calling task withdraws the call (it throws `CancellationError`), so
  /// the next message goes to another reader instead of to a reader nobody listens to any more.
  private func receiveUnlessCancelled() async throws -> Message {
    let id = state.withLock { state -> UInt64 in
      state.lastWaiterID += 1
      return state.lastWaiterID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Message, any Error>) in
        let outcome: Result<Message, any Error>? = state.withLock { state in
          // Checked under the lock the cancellation handler takes: either the handler finds this waiter, or
          // the task was cancelled before it was added and it is not added. First, so a cancelled reader
          // takes no buffered message either.
          if Task.isCancelled { return .failure(CancellationError()) }
          if let message = takeBuffered(&state) { return .success(message) }
          if let ended = state.ended { return .failure(ended) }
          state.waiters.append((id, continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let withdrawn = state.withLock { state -> CheckedContinuation<Message, any Error>? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index).continuation
      }
      withdrawn?.resume(throwing: CancellationError())
    }
  }

  /// The messages as a stream; it ends (with the error, if any) when the connection does. A consumer that stops
  /// reading (the stream is dropped or its task cancelled) stops the stream's own reads too.
  public var messages: AsyncThrowingStream<Message, any Error> {
    // Read on demand, in the consumer's task: nothing is received ahead of what the consumer asks for, so a
    // message that arrives after it stops is left for the next reader.
    AsyncThrowingStream(unfolding: { [self] in
      do {
        return try await receiveUnlessCancelled()
      } catch is CancellationError {
        return nil
      } catch RFC6455Error.cancelled {
        return nil
      } catch RFC6455Error.connectionClosed {
        return nil
      }
    })
  }

  public func send(_ message: Message) async throws {
    switch message {
    case .string(let text): try await sendFrame(opcode: 0x1, payload: Array(text.utf8))
    case .data(let data): try await sendFrame(opcode: 0x2, payload: Array(data))
    @unknown default: throw RFC6455Error.notConnected
    }
  }

  /// Sends a ping and waits for the next pong.
  public func sendPing(payload: Data = Data()) async throws {
    try await waitForOpen()
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let ended = state.withLock { state -> (any Error)? in
        if let ended = state.ended { return ended }
        state.pongWaiters.append(continuation)
        return nil
      }
      if let ended { continuation.resume(throwing: ended); return }
      Task {
        do { try await self.sendFrame(opcode: 0x9, payload: Array(payload.prefix(125))) } catch {
          self.failPongWaiters(error)
        }
      }
    }
  }

  /// How long `cancel` lets a close frame wait behind writes before it shuts the socket down without it.
  static let closeGracePeriod: TimeInterval = 1

  public func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) {
    cancel(closeCode: closeCode.rawValue, reason: reason)
  }

  /// Closes with any code a client may send, an application's 3000–4999 too, which `URLSessionWebSocketTask.CloseCode`
  /// has no case for on Linux.
  public func cancel(closeCode: Int, reason: Data?) {
    let (fd, wasOpen) = state.withLock { state -> (Int32, Bool) in
      let wasOpen = state.open && !state.closeSent
      if wasOpen { state.closeSent = true }
      state.closed = true
      // Set before the socket is shut down, so the reader's end-of-stream cannot claim the final error first.
      if state.ended == nil { state.ended = RFC6455Error.cancelled }
      return (state.fd, wasOpen)
    }
    if wasOpen, fd >= 0 {
      var payload = [UInt8(truncatingIfNeeded: closeCode >> 8), UInt8(truncatingIfNeeded: closeCode)]
      payload += Array((reason ?? Data()).prefix(123))
      let frame = Self.frame(opcode: 0x8, payload: payload)
      writeQueue.async { [self] in
        guard isStillOpen(fd) else { return }
        _ = writeAll(fd, frame)
        _ = shutdown(fd, Int32(SHUT_RDWR))
      }
      // A write blocked on a peer that stopped reading holds the close frame back for as long as the peer
      // keeps the connection open. After a grace period the socket is shut down from here, which fails the
      // blocked `send`. Under the lock, as below: while `fd` is in `state` it is still this task's socket.
      DispatchQueue.global().asyncAfter(deadline: .now() + Self.closeGracePeriod) { [state] in
        state.withLock { state in
          if state.fd == fd { _ = shutdown(fd, Int32(SHUT_RDWR)) }
        }
      }
    } else {
      // Under the lock that withdraws the descriptor before it is closed: while it is in `state`, it is
      // still this task's socket.
      state.withLock { state in
        if state.fd >= 0 { _ = shutdown(state.fd, Int32(SHUT_RDWR)) }
      }
    }
    finish(RFC6455Error.cancelled)
  }

  // MARK: Sending

  /// Sends one frame; before the handshake is done it waits for it, as `URLSessionWebSocketTask` does.
  private func sendFrame(opcode: UInt8, payload: [UInt8]) async throws {
    try await waitForOpen()
    let fd: Int32 = try state.withLock { state in
      if state.closed || !state.open || state.fd < 0 { throw state.ended ?? RFC6455Error.notConnected }
      return state.fd
    }
    let frame = Self.frame(opcode: opcode, payload: payload)
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      writeQueue.async { [self] in
        guard isStillOpen(fd) else {
          return continuation.resume(throwing: state.withLock { $0.ended } ?? RFC6455Error.notConnected)
        }
        if let error = writeAll(fd, frame) { continuation.resume(throwing: error) } else { continuation.resume() }
      }
    }
  }

  /// One masked, final frame.
  static func frame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
    var frame: [UInt8] = [0x80 | opcode]
    frame.reserveCapacity(payload.count + 14)
    let count = payload.count
    if count < 126 {
      frame.append(0x80 | UInt8(count))
    } else if count <= 0xFFFF {
      frame.append(0x80 | 126)
      frame.append(UInt8(count >> 8)); frame.append(UInt8(truncatingIfNeeded: count))
    } else {
      frame.append(0x80 | 127)
      for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift))) }
    }
    var generator = SystemRandomNumberGenerator()
    let key = withUnsafeBytes(of: generator.next() as UInt32) { Array($0) }
    frame.append(contentsOf: key)
    let start = frame.count
    frame.append(contentsOf: payload)
    frame.withUnsafeMutableBufferPointer { buffer in
      for i in 0..<count { buffer[start + i] ^= key[i & 3] }
    }
    return frame
  }

  private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> (any Error)? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        sendNoSignal(fd, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return RFC6455Error.socketError(errno: errno)
      }
      offset += written
    }
    return nil
  }

  // MARK: Receiving side (reader thread)

  private func finish(_ error: any Error) {
    let (waiters, pongWaiters, handshakeWaiters) = state.withLock { state in
      if state.ended == nil { state.ended = error }
      state.closed = true
      wakeReader(&state)  // it goes on to find the socket shut down
      let taken = (state.waiters, state.pongWaiters, state.handshakeWaiters)
      state.waiters = []
      state.pongWaiters = []
      state.handshakeWaiters = []
      return taken
    }
    let ended = state.withLock { $0.ended } ?? error
    for waiter in waiters { waiter.continuation.resume(throwing: ended) }
    for waiter in pongWaiters { waiter.resume(throwing: ended) }
    for waiter in handshakeWaiters { waiter.resume(throwing: ended) }
  }

  private func failPongWaiters(_ error: any Error) {
    let waiters = state.withLock { state in defer { state.pongWaiters = [] }; return state.pongWaiters }
    for waiter in waiters { waiter.resume(throwing: error) }
  }

  /// The oldest buffered message; wakes the reader when this makes room under the limit. Call under the lock.
  private func takeBuffered(_ state: inout State) -> Message? {
    guard let message = state.buffered.popFirst() else { return nil }
    if state.buffered.byteCount < maximumBufferedBytes { wakeReader(&state) }
    return message
  }

  /// Lets the reader go on if it waits for room (one signal per wait). Call under the lock.
  private func wakeReader(_ state: inout State) {
    guard state.readerWaitsForRoom else { return }
    state.readerWaitsForRoom = false
    room.signal()
  }

  /// Hands `message` to the oldest waiting receive, or queues it. With the queue full, blocks the reader thread
  /// until a receive makes room or the task ends: the socket is not read meanwhile, so TCP slows the server.
  private func deliver(_ message: Message) {
    let (waiter, mustWait) = state.withLock { state -> (CheckedContinuation<Message, any Error>?, Bool) in
      if !state.waiters.isEmpty { return (state.waiters.removeFirst().continuation, false) }
      state.buffered.append(message)
      guard state.buffered.byteCount >= maximumBufferedBytes, state.ended == nil else { return (nil, false) }
      state.readerWaitsForRoom = true
      return (nil, true)
    }
    waiter?.resume(returning: message)
    if mustWait { room.wait() }
  }

  /// The bytes of messages received and not yet taken (for tests).
  var bufferedByteCount: Int { state.withLock { $0.buffered.byteCount } }
  /// Whether the reader thread still holds the socket (for tests): it closes it on its way out.
  var holdsSocket: Bool { state.withLock { $0.fd >= 0 } }

  private func run() {
    var fd: Int32 = -1
    do {
      let (host, port, requestTarget) = try Self.endpoint(of: request)
      fd = try Self.connect(host: host, port: port, timeout: connectTimeout) { [state] in
        state.withLock { $0.ended != nil }
      }
      let registered = state.withLock { state -> Bool in
        if state.ended != nil { return false }
        state.fd = fd
        return true
      }
      guard registered else { close(fd); return }
      let leftover = try handshake(fd: fd, host: host, port: port, target: requestTarget)
      let handshakeWaiters = state.withLock { state in
        state.open = true
        defer { state.handshakeWaiters = [] }
        return state.handshakeWaiters
      }
      for waiter in handshakeWaiters { waiter.resume() }
      try readFrames(fd: fd, leftover: leftover)
    } catch {
      finish(error)
    }
    guard fd >= 0 else { return }
    // Withdrawn and closed on the write queue: a close frame or a message that `cancel` or a sender queued
    // there finds it gone (``isStillOpen(_:)``) instead of reaching a descriptor number the system may
    // already have given to another connection. (A shutdown from `cancel` after the close once ended the
    // next connection's handshake with "connection closed during the handshake".)
    writeQueue.sync {
      state.withLock { state in if state.fd == fd { state.fd = -1 } }
      _ = close(fd)
    }
  }

  /// Whether `fd` is still this task's open socket. Call on `writeQueue`, where the socket is closed: the
  /// answer holds for the rest of the block.
  private func isStillOpen(_ fd: Int32) -> Bool {
    state.withLock { $0.fd == fd }
  }

  static func endpoint(of request: URLRequest) throws -> (host: String, port: UInt16, target: String) {
    guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty
    else { throw RFC6455Error.invalidURL(request.url?.absoluteString ?? "nil") }
    let defaultPort: UInt16
    switch scheme {
    case "ws", "http": defaultPort = 80
    case "wss", "https": throw RFC6455Error.tlsUnavailable
    default: throw RFC6455Error.invalidURL(url.absoluteString)
    }
    let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    let target = components.percentEncodedQuery.map { path + "?" + $0 } ?? path
    return (host, components.port.map { UInt16(clamping: $0) } ?? defaultPort, target)
  }

  /// A connected socket to `host`; `isCancelled` is asked at least once a second while a connection is pending.
  private static func connect(
    host: String, port: UInt16, timeout: TimeInterval, isCancelled: () -> Bool
  ) throws -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Darwin)
    hints.ai_socktype = SOCK_STREAM
    #else
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #endif
    var result: UnsafeMutablePointer<addrinfo>?
    let host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let status = getaddrinfo(host, String(port), &hints, &result)
    guard status == 0, let first = result else { throw RFC6455Error.resolutionFailed(host: host, code: status) }
    defer { freeaddrinfo(result) }
    var lastError: any Error = RFC6455Error.connectFailed(errno: ECONNREFUSED)
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    let deadline = Date().addingTimeInterval(timeout)
    while let info = candidate {
      candidate = info.pointee.ai_next
      let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      if fd < 0 { lastError = RFC6455Error.socketError(errno: errno); continue }
      #if canImport(Darwin)
      var one: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
      #endif
      var noDelay: Int32 = 1
      setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
      let flags = fcntl(fd, F_GETFL, 0)
      _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
      var result = Glue.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
      if result != 0 && errno == EINPROGRESS {
        var pollFD = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        // At most a second per wait: a long (or infinite) timeout stays in range of `poll`'s Int32
        // milliseconds, and a cancel is seen promptly.
        var ready: Int32 = 0
        while ready == 0 || (ready < 0 && errno == EINTR) {
          let remaining = deadline.timeIntervalSinceNow
          if remaining <= 0 {
            close(fd)
            throw RFC6455Error.timedOut(phase: "connect")
          }
          if isCancelled() {
            close(fd)
            throw RFC6455Error.cancelled
          }
          ready = poll(&pollFD, 1, Int32(max(1, min(remaining, 1) * 1000)))
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        result = error == 0 ? 0 : -1
        errno = error
      }
      if result != 0 {
        lastError = RFC6455Error.connectFailed(errno: errno)
        close(fd)
        continue
      }
      _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
      return fd
    }
    throw lastError
  }

  private func handshake(fd: Int32, host: String, port: UInt16, target: String) throws -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    let nonce = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let key = Data(nonce).base64EncodedString()
    let hostHeader = (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host) + (port == 80 ? "" : ":\(port)")
    var lines = ["GET \(target) HTTP/1.1", "Host: \(hostHeader)", "Upgrade: websocket", "Connection: Upgrade",
                 "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13"]
    let reserved: Set<String> = ["host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version"]
    for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key })
    where !reserved.contains(name.lowercased()) {
      lines.append("\(name): \(value)")
    }
    let text = lines.joined(separator: "\r\n") + "\r\n\r\n"
    if let error = writeQueue.sync(execute: { writeAll(fd, Array(text.utf8)) }) { throw error }

    // Read the answer's head, with a deadline.
    var buffer: [UInt8] = []
    let deadline = Date().addingTimeInterval(handshakeTimeout)
    var headEnd: Int?
    while headEnd == nil {
      let remaining = deadline.timeIntervalSinceNow
      if remaining <= 0 { throw RFC6455Error.timedOut(phase: "handshake") }
      var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&pollFD, 1, Int32(min(remaining, 1) * 1000))
      if ready < 0 && errno != EINTR { throw RFC6455Error.socketError(errno: errno) }
      if ready <= 0 { if state.withLock({ $0.ended != nil }) { throw RFC6455Error.cancelled }; continue }
      let count: Int
      do {
        count = try readSome(fd: fd, into: &buffer)
      } catch RFC6455Error.socketError(let code) where code == ECONNRESET || code == ENOTCONN {
        throw RFC6455Error.handshakeFailed("connection reset during the handshake")
      }
      if count == 0 { throw RFC6455Error.handshakeFailed("connection closed during the handshake") }
      if buffer.count > 64 * 1024 { throw RFC6455Error.handshakeFailed("response head too large") }
      headEnd = Self.headEnd(buffer)
    }
    let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
    let rest = Array(buffer[(headEnd! + 4)...])
    var headLines = head.components(separatedBy: "\r\n")
    let statusLine = headLines.removeFirst()
    let statusParts = statusLine.split(separator: " ", maxSplits: 2)
    guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1.1"), statusParts[1] == "101" else {
      throw RFC6455Error.handshakeFailed("expected status 101, got \"\(statusLine)\"")
    }
    var headers: [String: String] = [:]
    for line in headLines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }
    guard headers["upgrade"]?.lowercased() == "websocket" else {
      throw RFC6455Error.handshakeFailed("missing Upgrade: websocket")
    }
    guard headers["connection"]?.lowercased().split(separator: ",").contains(where: {
      $0.trimmingCharacters(in: .whitespaces) == "upgrade"
    }) == true else { throw RFC6455Error.handshakeFailed("missing Connection: Upgrade") }
    let expected = Data(SHA1.hash(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11")).base64EncodedString()
    guard headers["sec-websocket-accept"] == expected else {
      throw RFC6455Error.handshakeFailed("Sec-WebSocket-Accept does not match the key")
    }
    if let extensions = headers["sec-websocket-extensions"], !extensions.isEmpty {
      throw RFC6455Error.handshakeFailed("server chose extensions that were not offered: \(extensions)")
    }
    let offered = (request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol") ?? "")
      .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    if let chosen = headers["sec-websocket-protocol"] {
      guard offered.contains(chosen) else {
        throw RFC6455Error.handshakeFailed("server chose subprotocol \"\(chosen)\", offered \(offered)")
      }
      state.withLock { $0.negotiatedProtocol = chosen }
    }
    return rest
  }

  private static func headEnd(_ buffer: [UInt8]) -> Int? {
    guard buffer.count >= 4 else { return nil }
    for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
      return i
    }
    return nil
  }

  /// Reads what is available (blocking); returns 0 at end of stream.
  private func readSome(fd: Int32, into buffer: inout [UInt8]) throws -> Int {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count < 0 {
        if errno == EINTR { continue }
        if state.withLock({ $0.ended != nil }) { throw RFC6455Error.cancelled }
        // A reset is the socket error it is, not an end of stream (Starscream, under 0.x and 1.x, told them apart).
        throw RFC6455Error.socketError(errno: errno)
      }
      buffer.append(contentsOf: chunk[0..<count])
      return count
    }
  }

  private func failConnection(fd: Int32, code: UInt16, _ error: RFC6455Error) -> RFC6455Error {
    let shouldSend = state.withLock { state -> Bool in
      defer { state.closeSent = true; state.closed = true }
      return !state.closeSent
    }
    if shouldSend {
      let frame = Self.frame(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(truncatingIfNeeded: code)])
      writeQueue.sync { _ = writeAll(fd, frame) }
    }
    return error
  }

  private func readFrames(fd: Int32, leftover: [UInt8]) throws {
    var reader = RFC6455FrameReader(maximumMessageSize: maximumMessageSize, bytes: leftover)
    var chunk: [UInt8] = []
    while true {
      let event: RFC6455FrameReader.Event?
      do {
        event = try reader.next()
      } catch {
        throw failConnection(fd: fd, code: error.closeCode, error.error)
      }
      guard let event else {
        chunk.removeAll(keepingCapacity: true)
        if let idleTimeout, try !waitForBytes(fd: fd, within: idleTimeout) {
          throw failConnection(fd: fd, code: 1001, .timedOut(phase: "idle"))
        }
        if try readSome(fd: fd, into: &chunk) == 0 { throw endOfStream() }
        reader.append(chunk)
        continue
      }
      switch event {
      case .text(let text): deliver(.string(text))
      case .binary(let bytes): deliver(.data(Data(bytes)))
      case .ping(let payload):
        guard state.withLock({ $0.pendingPong.offer(payload) }) else { break }  // the pending write answers it
        writeQueue.async { [self] in
          guard let latest = state.withLock({ $0.pendingPong.take() }) else { return }
          _ = writeAll(fd, Self.frame(opcode: 0xA, payload: latest))
        }
      case .pong:
        let waiters = state.withLock { state in defer { state.pongWaiters = [] }; return state.pongWaiters }
        for waiter in waiters { waiter.resume() }
      case .close(let code, let reason, let echoBody):
        try handleClose(code: code, reason: reason, echoBody: echoBody, fd: fd)
      }
    }
  }

  /// Whether the socket has something to read (bytes, or the end of the stream) within `seconds`.
  private func waitForBytes(fd: Int32, within seconds: TimeInterval) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let remaining = deadline.timeIntervalSinceNow
      if remaining <= 0 { return false }
      var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      // At most a second per wait, so a cancel (which shuts the socket down) is seen promptly either way.
      let ready = poll(&pollFD, 1, Int32(max(1, min(remaining, 1) * 1000)))
      if ready > 0 { return true }
      if ready < 0 && errno != EINTR { throw RFC6455Error.socketError(errno: errno) }
      if state.withLock({ $0.ended != nil }) { throw RFC6455Error.cancelled }
    }
  }

  private func endOfStream() -> any Error {
    state.withLock { $0.ended } ?? RFC6455Error.connectionClosed
  }

  private func handleClose(code: Int, reason: String, echoBody: [UInt8], fd: Int32) throws -> Never {
    state.withLock { $0.closeCode = code }
    // Echo the close (RFC 6455 §5.5.1), then the server closes the TCP connection.
    let echo = state.withLock { state -> Bool in defer { state.closeSent = true; state.closed = true }; return !state.closeSent }
    if echo {
      let frame = Self.frame(opcode: 0x8, payload: echoBody)
      writeQueue.sync { _ = writeAll(fd, frame) }
    }
    switch code {
    case 1000, 1001, 1005: throw RFC6455Error.connectionClosed
    default: throw RFC6455Error.closedByServer(code: code, reason: reason)
    }
  }
}

/// Names that collide with members inside the class.
private enum Glue {
  static func connect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    return Glibc.connect(fd, address, length)
    #elseif canImport(Musl)
    return Musl.connect(fd, address, length)
    #else
    return Darwin.connect(fd, address, length)
    #endif
  }
}

private func sendNoSignal(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Darwin)
  return send(fd, pointer, count, 0)  // SO_NOSIGPIPE is set on the socket
  #else
  return send(fd, pointer, count, Int32(MSG_NOSIGNAL))
  #endif
}
