import ApolloCore
import Foundation

/// `MultipartChunkSplitter` with the body cut at random points: the parts must not depend on how the bytes were
/// sliced (the network decides that), and each part must go through `MultipartPart.parse`.
///
/// Input: one seed byte (its top bit picks the boundary `-` or `graphql`; all of it picks the slice sizes),
/// then the body.
func fuzzMultipartSplitter(_ data: Data) {
  guard let seed = data.first else { return }
  let body = [UInt8](data.dropFirst())
  let boundary = seed & 0x80 == 0 ? "-" : "graphql"

  var whole = MultipartChunkSplitter(boundary: boundary)
  let expected = whole.append(Data(body)) + whole.finish()

  var sliced = MultipartChunkSplitter(boundary: boundary)
  var chunks: [Data] = []
  for slice in SliceSizes.slices(of: body, seed: seed) {
    chunks += sliced.append(Data(slice))
  }
  chunks += sliced.finish()
  fuzzCheck(chunks == expected, "slicing changed the parts: \(expected.count) parts whole, \(chunks.count) sliced")

  // A finished splitter starts over: the same body again gives the same parts.
  let again = sliced.append(Data(body)) + sliced.finish()
  fuzzCheck(again == expected, "a reused splitter split differently")

  for chunk in expected {
    let part = MultipartPart.parse(chunk)
    fuzzCheck(part.body.count <= chunk.count, "a part's body is longer than its chunk")
    _ = part.bodyIsBlank
  }
  _ = MultipartChunkSplitter.boundary(fromContentType: String(decoding: body.prefix(256), as: UTF8.self))
}
