// The example's embedded WebSocket server: a graphql-transport-ws peer on 127.0.0.1, in this process, so that
// `swift run WebSocketSplitExample` runs with no setup, as every other example does. It stands in for
// TestServer's `/graphql-auth` WebSocket route just far enough for the example: it checks the bearer token in
// the `connection_init` payload (closing with 4403 without it, as TestServer does) and plays the `Countdown`
// subscription. The client side is the real one (`WebSocketTransport` over the platform's WebSocket session:
// the package's RFC 6455 client on Linux, `URLSessionWebSocketTask` on Apple platforms), so the example shows
// the same code path against this peer as against TestServer.
//
// Plain blocking POSIX sockets with a thread per connection: a handful of messages, one client.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ApolloWebSocket
import StarWarsAPI

/// A graphql-transport-ws server on an ephemeral loopback port (the system picks it, so two runs never
/// collide), answering `Countdown` subscriptions for clients that present `expectedToken`.
final class LoopbackWebSocketPeer: Sendable {
  /// Why the peer could not start.
  struct StartError: Error, CustomStringConvertible {
    let description: String
  }

  /// The socket endpoint, `ws://127.0.0.1:<port>/graphql-auth`.
  let endpoint: URL
  private let listener: Int32

  /// Binds a loopback port and starts accepting connections in the background.
  ///
  /// - Throws: ``StartError`` when no loopback port can be bound.
  init(expectedToken: String) throws {
    let fd = socket(AF_INET, Self.streamSocketType, 0)
    guard fd >= 0 else { throw StartError(description: "socket() failed: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0  // the system picks a free port
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard bound == 0, named == 0, listen(fd, 8) == 0,
          let url = URL(string: "ws://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/graphql-auth") else {
      let code = errno
      close(fd)
      throw StartError(description: "cannot listen on 127.0.0.1: errno \(code)")
    }
    listener = fd
    endpoint = url
    let thread = Thread {
      while true {
        let client = accept(fd, nil, nil)
        if client < 0 {
          if errno == EINTR { continue }
          return  // the listener was closed
        }
        Thread { PeerConnection(fd: client, expectedToken: expectedToken).run() }.start()
      }
    }
    thread.start()
  }

  /// Stops accepting connections.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  #if canImport(Glibc) || canImport(Musl)
  private static let streamSocketType = Int32(SOCK_STREAM.rawValue)
  #else
  private static let streamSocketType = SOCK_STREAM
  #endif
}

/// One client connection: the opening handshake, then graphql-transport-ws messages until either side closes.
private final class PeerConnection: Sendable {
  private let fd: Int32
  private let expectedToken: String
  /// Serializes writes: subscription threads and the reading thread both send.
  private let writeLock = Mutex(())
  /// Subscriptions the client completed (or that ended), by id: their threads stop sending.
  private let stopped = Mutex(Set<String>())

  init(fd: Int32, expectedToken: String) {
    self.fd = fd
    self.expectedToken = expectedToken
  }

  func run() {
    defer { close(fd) }
    var buffer: [UInt8] = []
    guard handshake(&buffer) else { return }
    var fragments: [UInt8] = []
    while let frame = nextFrame(&buffer) {
      switch frame.opcode {
      case 0x0, 0x1:  // continuation, text
        fragments += frame.payload
        guard frame.isFinal else { continue }
        let text = fragments
        fragments = []
        guard handle(message: text) else { return }
      case 0x8:  // close: answer it and end
        send(opcode: 0x8, payload: Array(frame.payload.prefix(2)))
        return
      case 0x9:  // WebSocket-level ping
        send(opcode: 0xA, payload: frame.payload)
      default:
        continue
      }
    }
  }

  // MARK: graphql-transport-ws

  /// Handles one message; `false` once the connection must end.
  private func handle(message bytes: [UInt8]) -> Bool {
    guard let message = try? JSONParser.parseObject(Data(bytes)), let type = message["type"]?.stringValue else {
      closeConnection(code: 4400, reason: "Invalid message")
      return false
    }
    switch type {
    case "connection_init":
      let authorization = message["payload"]?["Authorization"]?.stringValue
      guard authorization == "Bearer \(expectedToken)" else {
        closeConnection(code: 4403, reason: "Forbidden")
        return false
      }
      sendJSON(["type": "connection_ack"])
    case "ping":
      sendJSON(["type": "pong"])
    case "subscribe":
      guard let id = message["id"]?.stringValue else {
        closeConnection(code: 4400, reason: "subscribe without id")
        return false
      }
      subscribe(id: id, payload: message["payload"] ?? .null)
    case "complete":
      if let id = message["id"]?.stringValue { _ = stopped.withLock { $0.insert(id) } }
    default:
      break
    }
    return true
  }

  /// Plays `Countdown` (from `from` down to 0, `intervalMs` apart) on a thread of its own; any other
  /// operation gets an `error` message, as a server that does not know it would answer.
  private func subscribe(id: String, payload: JSON) {
    guard payload["operationName"]?.stringValue == CountdownSubscription.operationName else {
      sendJSON(["id": .string(id), "type": "error",
                "payload": [["message": .string("the embedded peer only plays \(CountdownSubscription.operationName)")]]])
      return
    }
    let from = payload["variables"]?["from"]?.intValue ?? 3
    let interval = payload["variables"]?["intervalMs"]?.intValue ?? 50
    Thread { [self] in
      for value in stride(from: from, through: 0, by: -1) {
        if stopped.withLock({ $0.contains(id) }) { return }
        sendJSON(["id": .string(id), "type": "next", "payload": ["data": ["countdown": .int(value)]]])
        usleep(useconds_t(max(0, interval) * 1000))
      }
      sendJSON(["id": .string(id), "type": "complete"])
    }.start()
  }

  // MARK: RFC 6455

  /// Reads the upgrade request and answers 101; `false` when it is not a WebSocket upgrade.
  private func handshake(_ buffer: inout [UInt8]) -> Bool {
    var headEnd: Int?
    while headEnd == nil {
      guard read(into: &buffer), buffer.count < 64 * 1024 else { return false }
      headEnd = Self.firstIndex(of: [13, 10, 13, 10], in: buffer)
    }
    guard let end = headEnd else { return false }
    let head = String(decoding: buffer[..<end], as: UTF8.self)
    buffer.removeFirst(end + 4)
    var headers: [String: String] = [:]
    for line in head.components(separatedBy: "\r\n").dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] =
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    guard let key = headers["sec-websocket-key"] else {
      write(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8))
      return false
    }
    let accept = Data(SHA1.hash(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    var lines = ["HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
                 "Sec-WebSocket-Accept: \(accept)"]
    let offered = (headers["sec-websocket-protocol"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    if offered.contains("graphql-transport-ws") { lines.append("Sec-WebSocket-Protocol: graphql-transport-ws") }
    write(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8))
    return true
  }

  private struct Frame {
    let isFinal: Bool
    let opcode: UInt8
    let payload: [UInt8]
  }

  /// The next frame from the client (unmasked), reading more as needed; `nil` when the connection ends.
  private func nextFrame(_ buffer: inout [UInt8]) -> Frame? {
    while true {
      if buffer.count >= 2 {
        let masked = buffer[1] & 0x80 != 0
        var length = Int(buffer[1] & 0x7F)
        var offset = 2
        if length == 126, buffer.count >= 4 {
          length = Int(buffer[2]) << 8 | Int(buffer[3])
          offset = 4
        } else if length == 127, buffer.count >= 10 {
          length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
          offset = 10
        } else if length >= 126 {
          offset = -1  // the extended length has not arrived yet
        }
        if offset > 0, length <= 1 << 20, buffer.count >= offset + (masked ? 4 : 0) + length {
          let mask = masked ? Array(buffer[offset..<offset + 4]) : [0, 0, 0, 0]
          let start = offset + (masked ? 4 : 0)
          let payload = buffer[start..<start + length].enumerated().map { $0.element ^ mask[$0.offset % 4] }
          let frame = Frame(isFinal: buffer[0] & 0x80 != 0, opcode: buffer[0] & 0x0F, payload: payload)
          buffer.removeFirst(start + length)
          return frame
        }
        if length > 1 << 20 { return nil }  // far more than this example ever sends
      }
      guard read(into: &buffer) else { return nil }
    }
  }

  private func sendJSON(_ object: JSON.Object) {
    send(opcode: 0x1, payload: Array(JSONSerializer.string(.object(object)).utf8))
  }

  private func closeConnection(code: UInt16, reason: String) {
    send(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
  }

  /// Sends one unfragmented, unmasked frame (a server never masks).
  private func send(opcode: UInt8, payload: [UInt8]) {
    var frame: [UInt8] = [0x80 | opcode]
    switch payload.count {
    case ..<126: frame.append(UInt8(payload.count))
    case ..<65536: frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default: frame.append(127); frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
    }
    write(frame + payload)
  }

  private func write(_ bytes: [UInt8]) {
    writeLock.withLock { _ in
      var sent = 0
      while sent < bytes.count {
        let count = bytes[sent...].withUnsafeBytes { Self.sendBytes(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return }  // the client went away; the reading thread will notice
        sent += count
      }
    }
  }

  /// Appends what the socket has; `false` at the end of the stream or on an error.
  private func read(into buffer: inout [UInt8]) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      buffer += chunk[..<count]
      return true
    }
  }

  /// `send(2)` without SIGPIPE when the client has gone (Linux: a flag; Apple platforms: the socket option).
  private static func sendBytes(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    var on: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    return Darwin.send(fd, pointer, count, 0)
    #elseif canImport(Glibc)
    return Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
    #else
    return Musl.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
    #endif
  }

  private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= pattern.count else { return nil }
    return (0...(bytes.count - pattern.count)).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
  }
}
