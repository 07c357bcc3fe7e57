import ApolloAsyncChain
import ApolloCore
import Foundation
import StarWarsAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 2.x `JSONResponseParser` as the chain drives it: the body cut into chunks (by the multipart splitter for
/// multipart responses, as `ApolloURLSession` does), each chunk parsed and, for `@defer`, merged into the last
/// result. Every chunk must yield a result, `nil` or an error.
///
/// Input: one seed byte (its low three bits pick the response's `Content-Type`, all of it the slice sizes),
/// then the body.
func fuzzAsyncChainParser(_ data: Data) {
  guard let seed = data.first else { return }
  let body = [UInt8](data.dropFirst())
  let contentType = responseContentTypes[Int(seed & 0x07) % responseContentTypes.count]
  let chunks = responseChunks(body, contentType: contentType, seed: seed)
  let url = URL(string: "http://localhost/graphql")
  guard let url, let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                                headerFields: ["Content-Type": contentType]) else { return }
  blockingRun {
    let includeRecords = seed & 0x08 != 0
    if contentType.contains("deferSpec") {
      await parseChunks(chunks, response: response, operation: HeroDeferredQuery.self, includeRecords: includeRecords)
    } else if contentType.contains("subscriptionSpec") {
      await parseChunks(chunks, response: response, operation: ReviewAddedSubscription.self, includeRecords: includeRecords)
    } else {
      await parseChunks(chunks, response: response, operation: HeroAndFriendsQuery.self, includeRecords: includeRecords)
    }
  }
}

/// The `Content-Type`s a server may answer with: plain JSON, both multipart protocols, and the broken ones.
let responseContentTypes = [
  "application/json",
  "multipart/mixed;boundary=\"graphql\";deferSpec=20220824",
  "multipart/mixed;boundary=\"graphql\";subscriptionSpec=1.0",
  "application/graphql-response+json; charset=utf-8",
  "multipart/mixed; boundary=graphql; deferSpec=20220824, application/json",
  "multipart/mixed;boundary=\"graphql\"",
  "multipart/mixed;deferSpec=20220824",
]

/// The chunks the chain would see: the whole body, or its multipart parts (sliced on the way in).
func responseChunks(_ body: [UInt8], contentType: String, seed: UInt8) -> [Data] {
  guard contentType.lowercased().contains("multipart/mixed"),
    let boundary = MultipartChunkSplitter.boundary(fromContentType: contentType)
  else { return [Data(body)] }
  var splitter = MultipartChunkSplitter(boundary: boundary)
  var chunks: [Data] = []
  for slice in SliceSizes.slices(of: body, seed: seed) { chunks += splitter.append(Data(slice)) }
  return chunks + splitter.finish()
}

private func parseChunks<Operation: GraphQLOperation>(
  _ chunks: [Data], response: HTTPURLResponse, operation: Operation.Type, includeRecords: Bool
) async {
  let parser = JSONResponseParser(response: response, operationVariables: nil, includeCacheRecords: includeRecords)
  var last: ParsedResult<Operation>?
  for chunk in chunks {
    do {
      if let result = try await parser.parse(dataChunk: chunk, mergingIncrementalItemsInto: last) { last = result }
    } catch {
      _ = "\(error)"  // descriptions read the body: they must not trap either
    }
  }
}

/// Runs `work` to completion from the fuzzer's synchronous callback.
func blockingRun(_ work: @escaping @Sendable () async -> Void) {
  let done = DispatchSemaphore(value: 0)
  Task {
    await work()
    done.signal()
  }
  done.wait()
}
