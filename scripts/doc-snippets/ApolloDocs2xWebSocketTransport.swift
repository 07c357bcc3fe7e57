// check: language-modes 6 5
// check: allow-warning no calls to throwing functions occur within 'try' expression
//
// The Apollo iOS 2.x documentation's WebSocket setup ("WebSocket transport" and "Subscriptions": subscriptions
// over WebSocket, queries and mutations over HTTP, through SplitNetworkTransport), pasted as a 2.x app has it.
// `URLSession.shared` is the socket's session on every platform, Linux included (where the RFC 6455 client serves
// its WebSocket tasks). Two edits: the imports (`import Apollo` + `import ApolloWebSocket` became
// `import ApolloWebSocket`, which re-exports the 2.x API), and the HTTP transport, whose documented
// `RequestChainNetworkTransport(interceptorProvider: DefaultInterceptorProvider(store: store), endpointURL:)`
// does not compile against upstream 2.4 either; it is written with 2.4's initializer. The docs' `try
// WebSocketTransport(…)` warns, here as against upstream since 2.3, whose initializer no longer throws.
import ApolloWebSocket

let store = ApolloStore()

let httpTransport = RequestChainNetworkTransport(
  urlSession: URLSession.shared,
  interceptorProvider: DefaultInterceptorProvider.shared,
  store: store,
  endpointURL: URL(string: "https://example.com/graphql")!
)

let wsTransport = try WebSocketTransport(
  urlSession: URLSession.shared,
  store: store,
  endpointURL: URL(string: "wss://example.com/graphql")!
)

let splitTransport = SplitNetworkTransport(
  queryTransport: httpTransport,
  mutationTransport: httpTransport,
  subscriptionTransport: wsTransport
)

let client = ApolloClient(networkTransport: splitTransport, store: store)
_ = client
