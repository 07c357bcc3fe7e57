import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends operations and calls back with their response (0.x).
///
/// The completion handler is not `@Sendable`, as upstream: 0.x call sites pass closures that capture
/// their own state. Implementations call it at most once, on their callback queue.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.NetworkTransport; until then ApolloMigration.HTTPNetworkTransportOnAsyncChain implements this protocol on the 2.x engine")
#endif
public protocol NetworkTransport: AnyObject {
  /// Sends `operation`; `completionHandler` receives the response or the error that ended the request.
  func send<Operation: GraphQLOperation>(
    operation: Operation,
    completionHandler: @escaping (_ result: Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable

  /// Sent as `apollographql-client-name`.
  var clientName: String { get }
  /// Sent as `apollographql-client-version`.
  var clientVersion: String { get }
}

#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.NetworkTransport; until then ApolloMigration.HTTPNetworkTransportOnAsyncChain implements this protocol on the 2.x engine")
#endif
extension NetworkTransport {
  /// `apollographql-client-name`
  public static var headerFieldNameApolloClientName: String { ClientAwareness.clientNameHeader }
  /// `apollographql-client-version`
  public static var headerFieldNameApolloClientVersion: String { ClientAwareness.clientVersionHeader }
  /// `"<bundle identifier>-apollo-ios"`, or `"apollo-ios-client"` without a bundle identifier.
  public static var defaultClientName: String { ClientAwareness.defaultClientName }
  /// `"<short version>-<build>"`, either alone, or `"(unknown)"`.
  public static var defaultClientVersion: String { ClientAwareness.defaultClientVersion }

  public var clientName: String { Self.defaultClientName }
  public var clientVersion: String { Self.defaultClientVersion }

  /// Sets both client-awareness headers from ``clientName`` and ``clientVersion``.
  public func addApolloClientHeaders(to request: inout URLRequest) {
    ClientAwareness.setHeaders(clientName: clientName, clientVersion: clientVersion, on: &request)
  }
}

/// A ``NetworkTransport`` that can also send `multipart/form-data` uploads.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.NetworkTransport; until then ApolloMigration.HTTPNetworkTransportOnAsyncChain implements this protocol on the 2.x engine")
#endif
public protocol UploadingNetworkTransport: NetworkTransport {
  /// Sends `operation` with `files` as a GraphQL multipart request.
  func upload<Operation: GraphQLOperation>(
    operation: Operation,
    files: [GraphQLFile],
    completionHandler: @escaping (_ result: Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable
}
