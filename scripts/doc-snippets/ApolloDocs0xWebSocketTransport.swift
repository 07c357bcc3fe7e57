// check: language-modes 5
//
// A 0.x app's subscription setup in the shape the Apollo iOS 0.x documentation gave it ("Subscriptions"): a
// singleton whose client sends queries and mutations over HTTP and subscriptions over a WebSocket through
// SplitNetworkTransport, an auth token in the connecting payload, and a screen that subscribes and cancels. The
// only edit a 0.x app makes is the import: `import Apollo` and `import ApolloWebSocket` became
// `import ApolloDelegateWebSocket`, which re-exports the 0.x HTTP module. Swift 5 language mode, as such apps
// build (`static let shared` of a non-Sendable class). Built, not run: nothing listens at these URLs.
import ApolloDelegateWebSocket
import StarWarsAPI

class Network {
  static let shared = Network()

  /// Subscriptions go over this socket; the server reads the token from `connection_init`.
  private lazy var webSocketTransport: WebSocketTransport = {
    let request = URLRequest(url: URL(string: "ws://localhost:8080/websocket")!)
    return WebSocketTransport(request: request, connectingPayload: ["authToken": "token"])
  }()

  /// Queries and mutations go over HTTP.
  private lazy var httpTransport = HTTPNetworkTransport(url: URL(string: "http://localhost:8080/graphql")!)

  private lazy var splitNetworkTransport = SplitNetworkTransport(
    httpNetworkTransport: httpTransport,
    webSocketNetworkTransport: webSocketTransport
  )

  private(set) lazy var apollo = ApolloClient(networkTransport: splitNetworkTransport)

  /// After logging in: new credentials for the socket; the transport reconnects with them.
  func userDidLogIn(token: String) {
    webSocketTransport.updateHeaderValues(["Authorization": "Bearer \(token)"])
    webSocketTransport.updateConnectingPayload(["authToken": .string(token)])
  }
}

final class ReviewsScreen: WebSocketTransportDelegate {
  private var subscription: Cancellable?
  private(set) var stars: [Int] = []

  func startListening() {
    subscription = Network.shared.apollo.subscribe(subscription: ReviewAddedSubscription()) { [weak self] result in
      switch result {
      case .success(let graphQLResult):
        if let review = graphQLResult.data?.reviewAdded { self?.stars.append(review.stars) }
      case .failure(let error):
        print("Subscription error: \(error.localizedDescription)")
      }
    }
  }

  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didDisconnectWithError error: Error?) {
    print("Disconnected: \(String(describing: error))")
  }

  deinit {
    subscription?.cancel()
  }
}

_ = ReviewsScreen.self
