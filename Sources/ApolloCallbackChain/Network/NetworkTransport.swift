import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends operations and calls back with their results (1.x).
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.NetworkTransport; until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain implements this protocol on the 2.x engine")
#endif
public protocol NetworkTransport: AnyObject {
  /// Sends `operation` and calls `completionHandler` on `callbackQueue` for each result (cache and server,
  /// or one per multipart part); the returned value cancels the request.
  func send<Operation: GraphQLOperation>(operation: Operation,
                                         cachePolicy: CachePolicy,
                                         contextIdentifier: UUID?,
                                         context: (any RequestContext)?,
                                         callbackQueue: DispatchQueue,
                                         completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void) -> any Cancellable
  /// The value of the `apollographql-client-name` header on every request this transport sends.
  var clientName: String { get }
  /// The value of the `apollographql-client-version` header on every request this transport sends.
  var clientVersion: String { get }
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.NetworkTransport; until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain implements this protocol on the 2.x engine")
#endif
extension NetworkTransport {
  /// The client-name header's name, `apollographql-client-name`.
  public static var headerFieldNameApolloClientName: String { ClientAwareness.clientNameHeader }
  /// The client-version header's name, `apollographql-client-version`.
  public static var headerFieldNameApolloClientVersion: String { ClientAwareness.clientVersionHeader }

  /// `"<bundle id>-apollo-ios"`, or `"apollo-ios-client"` without a bundle id.
  public static var defaultClientName: String { ClientAwareness.defaultClientName }
  /// ``defaultClientName`` unless the transport stores its own.
  public var clientName: String { Self.defaultClientName }

  /// `"<short version>+<build>"` (1.x joins them with `+`), either alone, or `"(unknown)"`.
  public static var defaultClientVersion: String { ClientAwareness.defaultClientVersion(joiningBuildWith: "+") }
  /// ``defaultClientVersion`` unless the transport stores its own.
  public var clientVersion: String { Self.defaultClientVersion }

  /// Sets both client-awareness headers.
  public func addApolloClientHeaders(to request: inout URLRequest) {
    ClientAwareness.setHeaders(clientName: clientName, clientVersion: clientVersion, on: &request)
  }
}

/// A transport that can also upload files.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.NetworkTransport; until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain implements this protocol on the 2.x engine")
#endif
public protocol UploadingNetworkTransport: NetworkTransport {
  /// Sends `operation` and `files` as one `multipart/form-data` request (the GraphQL multipart request spec);
  /// `completionHandler` runs on `callbackQueue`.
  func upload<Operation: GraphQLOperation>(
    operation: Operation,
    files: [GraphQLFile],
    context: (any RequestContext)?,
    callbackQueue: DispatchQueue,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void) -> any Cancellable
}
