import ApolloCallbackChain
import Foundation

/// The default 1.x interceptors with the app's placed among them:
/// `… TokenInterceptor, NetworkFetchInterceptor, ResponseLoggingInterceptor, ReauthenticatingInterceptor,
/// ResponseCodeInterceptor …`.
final class NetworkInterceptorProvider: DefaultInterceptorProvider {
  let userManager: UserManager
  let log: EventLog

  init(client: URLSessionClient, store: ApolloStore, userManager: UserManager, log: EventLog) {
    self.userManager = userManager
    self.log = log
    // The client is shared with the token renewal, which must keep working after a provider is gone.
    super.init(client: client, shouldInvalidateClientOnDeinit: false, store: store)
  }

  override func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    var interceptors = super.interceptors(for: operation)
    let fetchIndex = interceptors.firstIndex { $0 is NetworkFetchInterceptor } ?? interceptors.count
    let afterFetch = min(fetchIndex + 1, interceptors.count)
    // Inserted back to front at the same index, so they end up logging first, then re-authenticating.
    interceptors.insert(ReauthenticatingInterceptor(userManager: userManager, log: log), at: afterFetch)
    interceptors.insert(ResponseLoggingInterceptor(log: log), at: afterFetch)
    interceptors.insert(TokenInterceptor(userManager: userManager, log: log), at: fetchIndex)
    return interceptors
  }
}
