#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where the integration tests find their servers. Every port is configurable and none is fixed, so two
/// checkouts (each with its own `APOLLO_TEST_SERVER_PORT`) can run their tests on one machine at once.
enum TestPorts {
  /// The port scripts/test-server.sh uses when `APOLLO_TEST_SERVER_PORT` is not set.
  static let scriptDefaultPort = 4010

  /// The shared TestServer: `APOLLO_TEST_SERVER_URL`, else `http://127.0.0.1:$APOLLO_TEST_SERVER_PORT`, else the
  /// script's default port, without a trailing slash.
  static func testServerBase(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let url = environment["APOLLO_TEST_SERVER_URL"], !url.isEmpty {
      return url.hasSuffix("/") ? String(url.dropLast()) : url
    }
    let port = environment["APOLLO_TEST_SERVER_PORT"].flatMap { Int($0) } ?? scriptDefaultPort
    return "http://127.0.0.1:\(port)"
  }

  /// The port of a TestServer a test starts, kills and restarts on its own: `APOLLO_WS_RESTART_TEST_PORT`, or
  /// else a loopback port that is free right now (never the shared server's, which is listening).
  static func privateServerPort(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
    if let configured = environment["APOLLO_WS_RESTART_TEST_PORT"].flatMap({ Int($0) }) { return configured }
    // 0 when no port can be had: the server's start then fails with the script's message, naming the port.
    return freeLoopbackPort() ?? 0
  }

  /// A port on 127.0.0.1 that nothing listens on: bound with port 0 so the system picks one, then released.
  static func freeLoopbackPort() -> Int? {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard bound == 0, named == 0 else { return nil }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
