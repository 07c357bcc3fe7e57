import ApolloCore
import Foundation

/// `JSONParser` on any bytes: it must return or throw, and whatever it accepts must survive a round trip
/// through `JSONSerializer` (what the chains rely on when they re-encode a part or a cache record): the value
/// read back is the same value, numbers compared by their value (an integral double is written as an integer
/// and read back as `.int`, and `-0.0` comes back as `0`, as documented), and a second round trip writes the
/// same text as the first.
func fuzzJSONParser(_ data: Data) {
  guard let value = try? JSONParser.parse(data) else { return }
  let written = JSONSerializer.serialize(value)
  guard let reread = try? JSONParser.parse(written) else {
    preconditionFailure("JSONSerializer wrote what JSONParser rejects: \(String(decoding: written, as: UTF8.self))")
  }
  fuzzCheck(sameJSON(value, reread), "round trip changed the value: \(value) became \(reread)")
  let rewritten = JSONSerializer.serialize(reread)
  guard let third = try? JSONParser.parse(rewritten) else { preconditionFailure("a rewrite was rejected") }
  fuzzCheck(JSONSerializer.serialize(third) == rewritten, "a second round trip changed the text")
  _ = try? JSONParser.parseObject(data)
}

/// Equal structure, numbers equal by value whichever case holds them.
func sameJSON(_ lhs: JSON, _ rhs: JSON) -> Bool {
  switch (lhs, rhs) {
  case (.object(let a), .object(let b)):
    return a.count == b.count && a.allSatisfy { key, value in b[key].map { sameJSON(value, $0) } ?? false }
  case (.array(let a), .array(let b)):
    return a.count == b.count && zip(a, b).allSatisfy(sameJSON)
  case (.int(let a), .double(let b)), (.double(let b), .int(let a)):
    return Double(a) == b
  default:
    return lhs == rhs
  }
}
