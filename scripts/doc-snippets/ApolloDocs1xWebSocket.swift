// check: language-modes 5
//
// A 1.x app's subscription setup, written the way 1.x apps write it against upstream's `ApolloWebSocket`: a
// `WebSocket` with a sub-protocol, a `WebSocketTransport` with a `Configuration` (auth in the connecting payload),
// a `SplitNetworkTransport` beside the HTTP transport, a delegate that watches the connection, and pause/resume
// and token updates from the app's lifecycle. The only edit a 1.x app makes is the import: `import ApolloWebSocket`
// (and `import Apollo`) became `import ApolloCallbackWebSocket`. Swift 5 language mode, as such an app's target is
// (the singleton). Compiled only; the integration tests run the same calls against TestServer.
import ApolloCallbackWebSocket
import StarWarsAPI

final class ConnectionObserver: WebSocketTransportDelegate {
  func webSocketTransportDidConnect(_ webSocketTransport: WebSocketTransport) {
    print("socket connected")
  }

  func webSocketTransportDidReconnect(_ webSocketTransport: WebSocketTransport) {
    print("socket reconnected")
  }

  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didDisconnectWithError error: Error?) {
    if let error = error as? WebSocketError, case .networkError = error.kind {
      print("socket dropped: \(String(describing: error.error))")
    }
  }
}

final class Network {
  static let shared = Network()

  let store = ApolloStore()
  let observer = ConnectionObserver()

  private(set) lazy var webSocketTransport: WebSocketTransport = {
    let socket = WebSocket(url: URL(string: "ws://localhost:4000/graphql")!, protocol: .graphql_transport_ws)
    let config = WebSocketTransport.Configuration(
      reconnectionInterval: 1,
      connectingPayload: ["Authorization": "Bearer initial-token"])
    let transport = WebSocketTransport(websocket: socket, store: store, config: config)
    transport.delegate = observer
    return transport
  }()

  private(set) lazy var httpTransport = RequestChainNetworkTransport(
    interceptorProvider: DefaultInterceptorProvider(store: store),
    endpointURL: URL(string: "http://localhost:4000/graphql")!)

  private(set) lazy var apollo = ApolloClient(
    networkTransport: SplitNetworkTransport(uploadingNetworkTransport: httpTransport,
                                            webSocketNetworkTransport: webSocketTransport),
    store: store)

  func tokenDidChange(to token: String) {
    webSocketTransport.updateConnectingPayload(["Authorization": "Bearer \(token)"])
    webSocketTransport.updateHeaderValues(["Authorization": "Bearer \(token)"], reconnectIfConnected: false)
  }

  func appDidEnterBackground() { webSocketTransport.pauseWebSocketConnection() }
  func appWillEnterForeground() { webSocketTransport.resumeWebSocketConnection() }
}

let subscription = Network.shared.apollo.subscribe(subscription: ReviewAddedSubscription()) { result in
  switch result {
  case .success(let graphQLResult):
    print("review: \(String(describing: graphQLResult.data?.reviewAdded?.stars))")
  case .failure(let error):
    print("subscription error: \(error)")
  }
}
subscription.cancel()
Network.shared.webSocketTransport.closeConnection()
