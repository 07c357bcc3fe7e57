import ApolloCore
import Foundation

/// `IncrementalResponseMerger` on the payloads of an `@defer` response, in either wire format
/// (`deferSpec=20220824` increments with a `path`, or the later `pending`/`id`/`completed` format).
///
/// Input: payloads separated by a `0x00` byte (the corpus holds real responses of both formats). Every payload
/// that parses as a JSON object is applied in order; the merger must throw or merge, never trap.
func fuzzIncrementalMerger(_ data: Data) {
  var merger = IncrementalResponseMerger()
  for payload in data.split(separator: 0, omittingEmptySubsequences: true) {
    guard let object = try? JSONParser.parseObject(Data(payload)) else { continue }
    _ = try? merger.apply(object)
  }
  if let current = merger.current, let data = current.data {
    // What the chains hand on must still be writable JSON.
    _ = JSONSerializer.serialize(data)
  }
}
