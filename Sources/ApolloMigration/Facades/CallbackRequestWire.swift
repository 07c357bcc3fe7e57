import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The wire of a 1.x request of the app's own type on the 1.x facade.
///
/// | 1.x | on the 2.x engine |
/// |---|---|
/// | `NetworkFetchInterceptor` sends `request.toURLRequest()` of whatever request reached it | a stock `JSONRequest`: the 2.x `JSONRequest`'s own wire, built to match 1.x's; a request of another type (a `JSONRequest` subclass returned by an override of `constructRequest`, or one a 1.x interceptor proceeded with): that request's own `toURLRequest()` |
///
/// The request it calls is the 1.x request as the adapted interceptors left it, with what the 2.x stages changed since
/// (a persisted-query retry's flag, headers) synced in first; it is called under the send's lock, as the rest of the
/// send's 1.x code is. So an app that signs its requests or encodes them its own way in `toURLRequest()` keeps doing
/// so on the 2.x engine.
enum CallbackRequestWire {
  /// The `URLRequest` the current send's 1.x request makes, when that request is of the app's own type; `nil` for
  /// a stock request (the 2.x request's own wire then serves).
  static func urlRequest<Operation: GraphQLOperation>(for request: V2JSONRequest<Operation>) throws -> URLRequest? {
    guard let send = CallbackSend.current else { return nil }
    return try send.lock.withLock { () throws -> URLRequest? in
      guard let mirror = send.typedMirror(Operation.self), !isStock(mirror) else { return nil }
      send.syncIn(request)
      return try mirror.toURLRequest()
    }
  }

  /// Whether `request` is exactly one of 1.x's own request types, whose wire the 2.x requests reproduce.
  private static func isStock<Operation: GraphQLOperation>(_ request: V1HTTPRequest<Operation>) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: request))
    return type == ObjectIdentifier(V1JSONRequest<Operation>.self)
      || type == ObjectIdentifier(ApolloCallbackChain.UploadRequest<Operation>.self)
  }
}
