import Foundation

/// Sends subscriptions over one transport (usually a ``WebSocketTransport``) and everything else, uploads included,
/// over another (usually a `RequestChainNetworkTransport`), as 1.x.
public final class SplitNetworkTransport: @unchecked Sendable {
  // @unchecked Sendable: both references are immutable; each transport keeps its own thread-safety.
  private let uploadingNetworkTransport: any UploadingNetworkTransport
  private let webSocketNetworkTransport: any NetworkTransport

  /// Routes subscriptions to `webSocketNetworkTransport` and queries, mutations and uploads to
  /// `uploadingNetworkTransport`.
  public init(uploadingNetworkTransport: any UploadingNetworkTransport, webSocketNetworkTransport: any NetworkTransport) {
    self.uploadingNetworkTransport = uploadingNetworkTransport
    self.webSocketNetworkTransport = webSocketNetworkTransport
  }
}

extension SplitNetworkTransport: NetworkTransport {
  /// The two transports' names: one of them when they agree, otherwise
  /// `SPLIT_HTTPNAME_<http>_WEBSOCKETNAME_<websocket>` (1.x's format, as 0.x's).
  public var clientName: String {
    let (http, webSocket) = (uploadingNetworkTransport.clientName, webSocketNetworkTransport.clientName)
    return http == webSocket ? http : "SPLIT_HTTPNAME_\(http)_WEBSOCKETNAME_\(webSocket)"
  }

  /// The two transports' versions: one of them when they agree, otherwise
  /// `SPLIT_HTTPVERSION_<http>_WEBSOCKETVERSION_<websocket>`.
  public var clientVersion: String {
    let (http, webSocket) = (uploadingNetworkTransport.clientVersion, webSocketNetworkTransport.clientVersion)
    return http == webSocket ? http : "SPLIT_HTTPVERSION_\(http)_WEBSOCKETVERSION_\(webSocket)"
  }

  /// A subscription goes to the WebSocket transport, anything else to the uploading transport.
  public func send<Operation: GraphQLOperation>(
    operation: Operation,
    cachePolicy: CachePolicy,
    contextIdentifier: UUID? = nil,
    context: (any RequestContext)? = nil,
    callbackQueue: DispatchQueue = .main,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    let transport: any NetworkTransport = Operation.operationType == .subscription
      ? webSocketNetworkTransport : uploadingNetworkTransport
    return transport.send(operation: operation, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier,
                          context: context, callbackQueue: callbackQueue, completionHandler: completionHandler)
  }
}

extension SplitNetworkTransport: UploadingNetworkTransport {
  /// Uploads always go to the uploading transport.
  public func upload<Operation: GraphQLOperation>(
    operation: Operation,
    files: [GraphQLFile],
    context: (any RequestContext)? = nil,
    callbackQueue: DispatchQueue = .main,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    uploadingNetworkTransport.upload(operation: operation, files: files, context: context, callbackQueue: callbackQueue,
                                     completionHandler: completionHandler)
  }
}
