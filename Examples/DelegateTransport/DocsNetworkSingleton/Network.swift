// The 0.x documentation's `Network` singleton, written as 0.x apps wrote it: a plain class in a
// `static let`, lazily built transport and client, the class as the transport's delegate. No `Sendable`,
// no locks. Swift 6 rejects `static let shared = Network()` ("not concurrency-safe because non-'Sendable'
// type 'Network' may have shared mutable state"), so this target builds in the Swift 5 language mode, the
// one-line setting in Package.swift: `swiftSettings: [.swiftLanguageMode(.v5)]`. The import is the only
// line that changed from the app's 0.x code.
import ApolloDelegateTransport

class Network {
  static let shared = Network()

  /// Where requests go and through which session client; set once at launch, before the first request.
  var endpoint = URL(string: "http://localhost:8080/graphql")!
  var client = URLSessionClient()
  var token: String?
  private(set) var log: [String] = []

  private lazy var networkTransport: HTTPNetworkTransport = {
    let transport = HTTPNetworkTransport(url: self.endpoint, client: self.client)
    transport.delegate = self
    return transport
  }()

  private(set) lazy var apollo = ApolloClient(networkTransport: self.networkTransport)
}

extension Network: HTTPNetworkTransportPreflightDelegate {
  func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool {
    return token != nil
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
    var headers = request.allHTTPHeaderFields ?? [String: String]()
    headers["Authorization"] = "Bearer \(token ?? "")"
    request.allHTTPHeaderFields = headers
    log.append("willSend \(request.httpMethod ?? "?") \(request.url?.path ?? "")")
  }
}

extension Network: HTTPNetworkTransportTaskCompletedDelegate {
  func networkTransport(_ networkTransport: HTTPNetworkTransport,
                        didCompleteRawTaskForRequest request: URLRequest,
                        withData data: Data?,
                        response: URLResponse?,
                        error: Error?) {
    log.append("completed \((response as? HTTPURLResponse)?.statusCode ?? 0)")
  }
}
