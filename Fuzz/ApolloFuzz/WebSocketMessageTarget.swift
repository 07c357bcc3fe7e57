@testable import ApolloWebSocket
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `graphql-transport-ws` server message decoder on any bytes, as a binary and (when they are UTF-8) as a
/// text frame: it must decode or throw, and both frame kinds must agree.
func fuzzWebSocketMessages(_ data: Data) {
  let fromData = try? ServerMessage(.data(data))
  guard let text = String(data: data, encoding: .utf8) else { return }
  let fromText = try? ServerMessage(.string(text))
  fuzzCheck(fromData == fromText, "a text frame and a binary frame with the same bytes decoded differently")
}
