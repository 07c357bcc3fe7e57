import ApolloAsyncChain
import ApolloCallbackChain
import ApolloTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A multipart part over `MultipartLimits.maximumPartSize`, from a real server over a real `URLSession`:
/// the request fails once, typed, and the transfer stops (the server sees the client hang up long before
/// the 64 MB its `/fault/endless-part` route would send). Unit tests cover the same limit on scripted
/// sessions; these follow it through URLSession's delegate callbacks and task cancellation.
final class OversizedPartTransferTests: IntegrationTestCase {
  private let limit = 256 * 1024
  private var previousLimit = MultipartLimits.maximumPartSize

  override func setUp() async throws {
    try await super.setUp()
    previousLimit = MultipartLimits.maximumPartSize
    MultipartLimits.maximumPartSize = limit
  }

  override func tearDown() async throws {
    MultipartLimits.maximumPartSize = previousLimit
    try await super.tearDown()
  }

  private func request() -> URLRequest {
    var request = URLRequest(url: TestServer.url("/fault/endless-part"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(#"{"query":"{ hero { name } }"}"#.utf8)
    return request
  }

  /// The server's view of the last `/fault/endless-part` response: it hung up on, and how far it went.
  private func serverSawTheClientHangUp(file: StaticString = #filePath, line: UInt = #line) async throws {
    var last: JSON.Object = [:]
    try await expectEventually("the server sees the client hang up", within: 10, file: file, line: line) {
      last = try await TestServer.stats()["endlessPart"]?.objectValue ?? [:]
      return last["finished"] == .bool(true)
    }
    XCTAssertEqual(last["clientDisconnected"], .bool(true), "\(last)", file: file, line: line)
    let sent = last["bytesSent"]?.intValue ?? .max
    // The client read past the limit, then stopped: far from the route's 64 MB.
    XCTAssertLessThan(sent, 16 * 1024 * 1024, "the transfer went on after the limit: \(sent) bytes", file: file, line: line)
  }

  /// 1.x: `URLSessionClient` delivers the complete part, then `MultipartPartTooLargeError` once, cancels its
  /// `URLSessionDataTask` from the delegate callback that crossed the limit, and calls nothing afterwards.
  func test_callbackClient_failsOnceTyped_andCancelsTheDataTask() async throws {
    let client = ApolloCallbackChain.URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: nil)
    defer { client.invalidate() }
    let outcomes = Recorder<String>()
    let failed = expectation(description: "the failure")
    client.sendRequest(request()) { result in
      switch result {
      case .success(let (data, _)):
        outcomes.append(String(decoding: data, as: UTF8.self).contains("R2-D2") ? "first part" : "part of \(data.count) bytes")
      case .failure(let error as MultipartPartTooLargeError):
        outcomes.append("too large: \(error.limit)")
        failed.fulfill()
      case .failure(let error):
        outcomes.append("\(error)")
        failed.fulfill()
      }
    }
    await fulfillment(of: [failed], timeout: 15)
    try await serverSawTheClientHangUp()
    // Whatever was still on its way when the task was cancelled stays undelivered.
    try await Task.sleep(for: .milliseconds(200))
    XCTAssertEqual(outcomes.values, ["first part", "too large: \(limit)"])
  }

  /// 2.x: the chunk sequence of `URLSessionStreamingSession` throws `MultipartPartTooLargeError` after the
  /// complete part, and dropping it stops the transfer.
  func test_streamingSession_throwsTyped_andStopsTheTransfer() async throws {
    let session = URLSessionStreamingSession(configuration: .ephemeral)
    let request = request()
    let (parts, error) = try await withTimeout(15) { () -> ([String], String) in
      var parts: [String] = []
      do {
        let (chunks, _) = try await session.chunks(for: request)
        // Iterating the existential hands out `Any`; the elements are `Data`.
        for try await element in chunks {
          let chunk = element as? Data ?? Data()
          parts.append(String(decoding: chunk, as: UTF8.self).contains("R2-D2") ? "first part" : "part of \(chunk.count) bytes")
        }
        return (parts, "no error")
      } catch let error as MultipartPartTooLargeError {
        return (parts, "too large: \(error.limit)")
      }
    }
    XCTAssertEqual(parts, ["first part"])
    XCTAssertEqual(error, "too large: \(limit)")
    try await serverSawTheClientHangUp()
  }
}
