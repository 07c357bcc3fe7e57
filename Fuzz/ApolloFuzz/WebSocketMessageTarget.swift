import ApolloCore
@testable import ApolloWebSocket
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `graphql-transport-ws` messages on any bytes. The server message decoder runs on them as a binary and
/// (when they are UTF-8) as a text frame: it must decode or throw, and both frame kinds must agree. The client
/// message encoder gets them as an operation id and a query: what it writes must be JSON that gives both back.
func fuzzWebSocketMessages(_ data: Data) {
  let fromData = try? ServerMessage(.data(data))
  let text = String(decoding: data, as: UTF8.self)
  if String(data: data, encoding: .utf8) != nil {
    let fromText = try? ServerMessage(.string(text))
    fuzzCheck(fromData == fromText, "a text frame and a binary frame with the same bytes decoded differently")
  }

  let subscribe = ClientMessage.subscribe(id: text, payload: ["query": .string(text)])
  guard let object = try? JSONParser.parseObject(Data(subscribe.text.utf8)) else {
    preconditionFailure("the subscribe message is not JSON: \(subscribe.text)")
  }
  fuzzCheck(object["type"] == "subscribe" && object["id"] == .string(text)
              && object["payload"]?["query"] == .string(text),
            "the subscribe message does not carry its id and query: \(subscribe.text)")
}
