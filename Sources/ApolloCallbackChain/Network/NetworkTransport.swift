import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends operations and calls back with their results (1.x).
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.NetworkTransport; until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain implements this protocol on the 2.x engine")
#endif
public protocol NetworkTransport: AnyObject {
  func send<Operation: GraphQLOperation>(operation: Operation,
                                         cachePolicy: CachePolicy,
                                         contextIdentifier: UUID?,
                                         context: (any RequestContext)?,
                                         callbackQueue: DispatchQueue,
                                         completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void) -> any Cancellable
  var clientName: String { get }
  var clientVersion: String { get }
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.NetworkTransport; until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain implements this protocol on the 2.x engine")
#endif
extension NetworkTransport {
  public static var headerFieldNameApolloClientName: String { ClientAwareness.clientNameHeader }
  public static var headerFieldNameApolloClientVersion: String { ClientAwareness.clientVersionHeader }

  /// `"<bundle id>-apollo-ios"`, or `"apollo-ios-client"` without a bundle id.
  public static var defaultClientName: String { ClientAwareness.defaultClientName }
  public var clientName: String { Self.defaultClientName }

  /// `"<short version>+<build>"` (1.x joins them with `+`), either alone, or `"(unknown)"`.
  public static var defaultClientVersion: String { ClientAwareness.defaultClientVersion(joiningBuildWith: "+") }
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
  func upload<Operation: GraphQLOperation>(
    operation: Operation,
    files: [GraphQLFile],
    context: (any RequestContext)?,
    callbackQueue: DispatchQueue,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void) -> any Cancellable
}
