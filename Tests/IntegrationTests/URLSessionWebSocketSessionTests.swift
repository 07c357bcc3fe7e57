import ApolloTestSupport
import ApolloWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSession` as the 2.x transport's ``WebSocketURLSession`` on every platform: the docs' code, unchanged, against
/// TestServer; on Linux its tasks are the RFC 6455 client, configured from the session's configuration.
final class URLSessionWebSocketSessionTests: IntegrationTestCase {
  func test_urlSessionShared_runsTheDocsWebSocketTransportAndSplitTransport() async throws {
    let store = ApolloStore()
    let httpTransport = RequestChainNetworkTransport(
      urlSession: URLSession.shared, interceptorProvider: DefaultInterceptorProvider.shared, store: store,
      endpointURL: TestServer.url("/graphql"))
    // As the 2.x docs write it (with a ws:// URL, which the RFC 6455 client serves on Linux).
    let wsTransport = WebSocketTransport(
      urlSession: URLSession.shared,
      store: store,
      endpointURL: webSocketURL(TestServer.baseURL)
    )
    let splitTransport = SplitNetworkTransport(
      queryTransport: httpTransport,
      mutationTransport: httpTransport,
      subscriptionTransport: wsTransport
    )
    let client = ApolloClient(networkTransport: splitTransport, store: store)

    let values = try await withTimeout(15) {
      var values: [Int] = []
      for try await response in try client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: .some(10))) {
        values.append(response.data?.countdown ?? -1)
      }
      return values
    }
    XCTAssertEqual(values, [3, 2, 1, 0])
    let hero = try await withTimeout(15) {
      var names: [String] = []
      for try await response in try wsTransport.send(query: HeroNameQuery(episode: .init(.EMPIRE)), fetchBehavior: .NetworkOnly,
                                                      requestConfiguration: RequestConfiguration()) {
        names.append(response.data?.hero?.name ?? "?")
      }
      return names
    }
    XCTAssertEqual(hero, ["Luke Skywalker"], "a query over the same socket")
  }

  #if canImport(FoundationNetworking)
  func test_urlSessionOnLinux_servesWebSocketTasksWithTheRFC6455Client() {
    let request = URLRequest(url: webSocketURL(TestServer.baseURL))
    let task: any WebSocketTask = URLSession.shared.webSocketTask(with: request)
    XCTAssertTrue(task is RFC6455WebSocketTask, "\(type(of: task))")
  }

  func test_urlSessionOnLinux_addsConfigurationHeadersToTheUpgradeAndRequestHeadersWin() async throws {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpAdditionalHeaders = ["X-From-Configuration": "configuration", "X-Both": "configuration"]
    let session = URLSession(configuration: configuration)
    var request = URLRequest(url: webSocketURL(TestServer.baseURL))
    request.setValue("graphql-transport-ws", forHTTPHeaderField: "Sec-WebSocket-Protocol")
    request.setValue("request", forHTTPHeaderField: "x-both")
    let task = session.webSocketTask(with: request) as any WebSocketTask
    task.resume()
    defer { task.cancel(with: .normalClosure, reason: nil) }

    try await task.send(.string(#"{"type":"connection_init"}"#))
    let query = #"{ fromConfiguration: requestHeader(name: \"x-from-configuration\") both: requestHeader(name: \"x-both\") }"#
    try await task.send(.string(#"{"id":"1","type":"subscribe","payload":{"query":"\#(query)"}}"#))
    var data: JSON?
    while data == nil {
      let message = try await withTimeout(10) { try await task.receive() }
      guard case .string(let text) = message else { continue }
      let object = try JSONParser.parseObject(Data(text.utf8))
      if object["type"]?.stringValue == "next" { data = object["payload"]?["data"] }
    }
    XCTAssertEqual(data?["fromConfiguration"]?.stringValue, "configuration")
    XCTAssertEqual(data?["both"]?.stringValue, "request")
  }

  func test_urlSessionOnLinux_timeoutIntervalForRequestBoundsTheHandshake() async throws {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 0.5
    let session = URLSession(configuration: configuration)
    // TestServer holds the upgrade answer for 3 s.
    let task = session.webSocketTask(with: URLRequest(url: webSocketURL(TestServer.baseURL, "/graphql?upgradeDelayMs=3000")))
      as any WebSocketTask
    let start = ContinuousClock.now
    task.resume()
    let error = await expectError(within: 10) { try await task.receive() }
    XCTAssertEqual(error as? RFC6455Error, .timedOut(phase: "handshake"))
    XCTAssertLessThan(elapsed(since: start), 2.5)
  }

  func test_urlSessionOnLinux_wssFailsWithTLSUnavailable() async throws {
    let task = URLSession.shared.webSocketTask(with: URLRequest(url: URL(string: "wss://127.0.0.1:9/graphql")!))
      as any WebSocketTask
    task.resume()
    let error = await expectError(within: 10) { try await task.receive() }
    XCTAssertEqual(error as? RFC6455Error, .tlsUnavailable)
  }

  func test_urlSessionOnLinux_wssThroughTheDocsWebSocketTransportFailsWithTLSUnavailable() async throws {
    let transport = WebSocketTransport(
      urlSession: URLSession.shared,
      store: ApolloStore(),
      endpointURL: URL(string: "wss://127.0.0.1:9/graphql")!
    )
    let stream = try transport.send(subscription: CountdownSubscription(from: 1, intervalMs: nil), fetchBehavior: .NetworkOnly,
                                          requestConfiguration: RequestConfiguration())
    let error = await expectError(within: 10) {
      var values: [Int] = []
      for try await response in stream { values.append(response.data?.countdown ?? -1) }
      return values
    }
    XCTAssertEqual(error as? RFC6455Error, .tlsUnavailable, "\(String(describing: error))")
  }
  #endif
}
