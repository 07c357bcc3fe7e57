import ApolloWebSocketCore
import Foundation

/// 1.x's message types, for both sub-protocols, built and read through the shared ``OperationMessageEnvelope``.
///
/// | type | sent by | protocol |
/// |---|---|---|
/// | `connection_init` | client | both |
/// | `connection_terminate`, `start`, `stop` | client | `graphql-ws` |
/// | `subscribe` | client | `graphql-transport-ws` |
/// | `connection_ack` | server | both |
/// | `connection_error`, `start_ack`, `ka`, `data` | server | `graphql-ws` |
/// | `next` | server | `graphql-transport-ws` |
/// | `error` | server | both (an object in `graphql-ws`, a list of errors in `graphql-transport-ws`) |
/// | `complete` | both | both (client side only in `graphql-transport-ws`) |
/// | `ping`, `pong` | both | `graphql-transport-ws` |
enum OperationMessage {
  enum Types: String {
    case connectionInit = "connection_init"
    case connectionTerminate = "connection_terminate"
    case subscribe
    case start
    case stop
    case connectionAck = "connection_ack"
    case connectionError = "connection_error"
    case startAck = "start_ack"
    case connectionKeepAlive = "ka"
    case data
    case error
    case complete
    case next
    case ping
    case pong
  }

  /// The frame's text: keys sorted, absent members left out.
  static func text(_ type: Types, id: String? = nil, payload: JSON.Object? = nil) -> String {
    OperationMessageEnvelope(type: type.rawValue, id: id, payload: payload.map(JSON.object)).text
  }
}
