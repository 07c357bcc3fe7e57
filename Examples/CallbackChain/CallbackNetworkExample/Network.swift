import ApolloCallbackChain
import Foundation

/// The default interceptors with the app's own placed among them: user management and request logging
/// before the network fetch, response logging right after it.
final class NetworkInterceptorProvider: DefaultInterceptorProvider {
  let userManager: UserManager
  let log: @Sendable (String) -> Void

  init(client: URLSessionClient, store: ApolloStore, userManager: UserManager, log: @escaping @Sendable (String) -> Void) {
    self.userManager = userManager
    self.log = log
    super.init(client: client, store: store)
  }

  override func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    var interceptors = super.interceptors(for: operation)
    let fetchIndex = interceptors.firstIndex { $0 is NetworkFetchInterceptor } ?? interceptors.count
    interceptors.insert(ResponseLoggingInterceptor(log: log), at: min(fetchIndex + 1, interceptors.count))
    interceptors.insert(RequestLoggingInterceptor(log: log), at: fetchIndex)
    interceptors.insert(UserManagementInterceptor(userManager: userManager), at: fetchIndex)
    return interceptors
  }
}

/// The app's one client, built from a store, a session client and the provider.
final class Network {
  let store: ApolloStore
  let apollo: ApolloClient

  init(endpoint: URL, session: URLSessionClient, userManager: UserManager, log: @escaping @Sendable (String) -> Void) {
    let store = ApolloStore()
    let provider = NetworkInterceptorProvider(client: session, store: store, userManager: userManager, log: log)
    let transport = RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: endpoint)
    self.store = store
    self.apollo = ApolloClient(networkTransport: transport, store: store)
  }
}
