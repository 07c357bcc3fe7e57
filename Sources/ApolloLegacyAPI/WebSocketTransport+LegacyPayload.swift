import ApolloCore
import ApolloDelegateWebSocket
import ApolloLegacyRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// In an `API.swift` app `GraphQLMap` is 0.x's `[String: JSONEncodable?]` (RuntimeNames.swift), the type 0.33's socket
// took its `connection_init` payload as: `["authToken": token]` with a `String` variable is one. The socket's own
// parameters are the networking's typed JSON object, which such a value does not convert to, so these overloads take
// the runtime's map and hand the socket its JSON form (a `nil` value as `null`, as 0.x wrote it).
extension WebSocketTransport {
  /// 0.33's initializer with the payload as an `API.swift` app writes it; see
  /// ``WebSocketTransport/init(request:clientName:clientVersion:sendOperationIdentifiers:reconnect:reconnectionInterval:allowSendingDuplicates:connectingPayload:requestCreator:)``.
  @_disfavoredOverload  // `connectingPayload: nil` and plain literals keep choosing the socket's own initializer
  public convenience init(request: URLRequest,
                          clientName: String = WebSocketTransport.defaultClientName,
                          clientVersion: String = WebSocketTransport.defaultClientVersion,
                          sendOperationIdentifiers: Bool = false,
                          reconnect: Bool = true,
                          reconnectionInterval: TimeInterval = 0.5,
                          allowSendingDuplicates: Bool = true,
                          connectingPayload: ApolloLegacyRuntime.GraphQLMap?,
                          requestCreator: any RequestCreator = ApolloRequestCreator()) {
    self.init(request: request, clientName: clientName, clientVersion: clientVersion,
              sendOperationIdentifiers: sendOperationIdentifiers, reconnect: reconnect,
              reconnectionInterval: reconnectionInterval, allowSendingDuplicates: allowSendingDuplicates,
              connectingPayload: connectingPayload.map(LegacyJSONConversion.jsonObject(of:)), requestCreator: requestCreator)
  }

  /// The same over a socket you made, with the payload as an `API.swift` app writes it.
  @_disfavoredOverload
  public convenience init(websocket: any ApolloWebSocketClient,
                          clientName: String = WebSocketTransport.defaultClientName,
                          clientVersion: String = WebSocketTransport.defaultClientVersion,
                          sendOperationIdentifiers: Bool = false,
                          reconnect: Bool = true,
                          reconnectionInterval: TimeInterval = 0.5,
                          allowSendingDuplicates: Bool = true,
                          connectingPayload: ApolloLegacyRuntime.GraphQLMap?,
                          requestCreator: any RequestCreator = ApolloRequestCreator()) {
    self.init(websocket: websocket, clientName: clientName, clientVersion: clientVersion,
              sendOperationIdentifiers: sendOperationIdentifiers, reconnect: reconnect,
              reconnectionInterval: reconnectionInterval, allowSendingDuplicates: allowSendingDuplicates,
              connectingPayload: connectingPayload.map(LegacyJSONConversion.jsonObject(of:)), requestCreator: requestCreator)
  }

  /// ``WebSocketTransport/updateConnectingPayload(_:)`` with the payload as an `API.swift` app writes it.
  public func updateConnectingPayload(_ payload: ApolloLegacyRuntime.GraphQLMap) {
    updateConnectingPayload(LegacyJSONConversion.jsonObject(of: payload))
  }
}
