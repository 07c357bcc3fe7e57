import ApolloCore
import Foundation

/// Sends subscriptions over a WebSocket transport and everything else (queries, mutations, uploads) over HTTP (0.x).
///
/// It has no delegate of its own: configure the delegates of the two transports.
public final class SplitNetworkTransport: @unchecked Sendable {
  // @unchecked Sendable: both members are immutable; the transports they name guard their own state (0.x's
  // transports are classes without a Sendable requirement).
  private let httpNetworkTransport: any UploadingNetworkTransport
  private let webSocketNetworkTransport: any NetworkTransport

  /// The shared name when both transports use the same one, else
  /// `"SPLIT_HTTPNAME_<http name>_WEBSOCKETNAME_<websocket name>"`.
  public var clientName: String {
    let http = httpNetworkTransport.clientName
    let webSocket = webSocketNetworkTransport.clientName
    return http == webSocket ? http : "SPLIT_HTTPNAME_\(http)_WEBSOCKETNAME_\(webSocket)"
  }

  /// The shared version when both transports use the same one, else
  /// `"SPLIT_HTTPVERSION_<http version>_WEBSOCKETVERSION_<websocket version>"`.
  public var clientVersion: String {
    let http = httpNetworkTransport.clientVersion
    let webSocket = webSocketNetworkTransport.clientVersion
    return http == webSocket ? http : "SPLIT_HTTPVERSION_\(http)_WEBSOCKETVERSION_\(webSocket)"
  }

  /// Subscriptions go to `webSocketNetworkTransport`; queries, mutations and uploads to `httpNetworkTransport`.
  public init(httpNetworkTransport: any UploadingNetworkTransport, webSocketNetworkTransport: any NetworkTransport) {
    self.httpNetworkTransport = httpNetworkTransport
    self.webSocketNetworkTransport = webSocketNetworkTransport
  }
}

extension SplitNetworkTransport: NetworkTransport {
  /// Sends a subscription over the WebSocket transport, anything else over HTTP.
  public func send<Operation: GraphQLOperation>(
    operation: Operation,
    completionHandler: @escaping (_ result: Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    if Operation.operationType == .subscription {
      return webSocketNetworkTransport.send(operation: operation, completionHandler: completionHandler)
    }
    return httpNetworkTransport.send(operation: operation, completionHandler: completionHandler)
  }
}

extension SplitNetworkTransport: UploadingNetworkTransport {
  /// Uploads always go over HTTP.
  public func upload<Operation: GraphQLOperation>(
    operation: Operation,
    files: [GraphQLFile],
    completionHandler: @escaping (_ result: Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    httpNetworkTransport.upload(operation: operation, files: files, completionHandler: completionHandler)
  }
}
