import Foundation
import XCTest

import ApolloCore

final class MultipartChunkSplitterTests: XCTestCase {
  // MARK: Helpers

  /// Feeds `body` in slices of the given sizes (cycled) and returns every chunk as text.
  private func split(_ body: String, boundary: String? = "graphql", sliceSizes: [Int]? = nil) -> [String] {
    split(Data(body.utf8), boundary: boundary, sliceSizes: sliceSizes).map { String(decoding: $0, as: UTF8.self) }
  }

  private func split(_ body: Data, boundary: String?, sliceSizes: [Int]? = nil) -> [Data] {
    var splitter = MultipartChunkSplitter(boundary: boundary)
    var chunks: [Data] = []
    guard let sliceSizes else {
      chunks += splitter.append(body)
      return chunks + splitter.finish()
    }
    var offset = body.startIndex
    var sizeIndex = 0
    while offset < body.endIndex {
      let next = min(offset + sliceSizes[sizeIndex % sliceSizes.count], body.endIndex)
      chunks += splitter.append(body[offset..<next])
      offset = next
      sizeIndex += 1
    }
    return chunks + splitter.finish()
  }

  private let part1 = "content-type: application/json\r\n\r\n{\"data\":{\"a\":1},\"hasNext\":true}"
  private let part2 = "content-type: application/json\r\n\r\n{\"incremental\":[],\"hasNext\":false}"

  // MARK: Delimiters

  func test_bodyStartingWithDelimiterWithoutCRLF_yieldsThePart() {
    XCTAssertEqual(split("--graphql\r\n\(part1)\r\n--graphql--"), [part1])
  }

  func test_bodyStartingWithCRLFDelimiter_yieldsThePart() {
    XCTAssertEqual(split("\r\n--graphql\r\n\(part1)\r\n--graphql--"), [part1])
  }

  func test_preambleOfOnlyCRLFs_isDropped() {
    XCTAssertEqual(split("\r\n\r\n--graphql\r\n\(part1)\r\n--graphql--"), [part1])
  }

  func test_nonEmptyPreamble_isAChunk() {
    XCTAssertEqual(split("preamble\r\n--graphql\r\n\(part1)\r\n--graphql--"), ["preamble", part1])
  }

  func test_leadingCRLFOfAPart_isStrippedOnlyOnce() {
    XCTAssertEqual(split("--graphql\r\n\r\n{\"a\":1}\r\n--graphql--"), ["\r\n{\"a\":1}"])
  }

  func test_extraTrailingCRLF_isKept() {
    XCTAssertEqual(split("--graphql\r\n\(part1)\r\n\r\n--graphql--"), [part1 + "\r\n"])
  }

  func test_closeDelimiterDashes_areDropped() {
    XCTAssertEqual(split("--graphql\r\n\(part1)\r\n--graphql--"), [part1])
    XCTAssertEqual(split("--graphql\r\n\(part1)\r\n--graphql--\r\n"), [part1])
    XCTAssertEqual(split("--graphql\r\n\(part1)\r\n--graphql--\r\nepilogue"), [part1])
  }

  func test_transportPaddingAfterDelimiter_staysWithThePart() {
    // Whatever follows the boundary on its line belongs to the next candidate, as upstream does.
    XCTAssertEqual(split("--graphql  \r\n\(part1)\r\n--graphql--"), ["  \r\n" + part1])
  }

  func test_severalPartsArrivingTogether_comeOutInOrder() {
    let body = "\r\n--graphql\r\n\(part1)\r\n--graphql\r\n\(part2)\r\n--graphql\r\n\(part1)\r\n--graphql--\r\n"
    var splitter = MultipartChunkSplitter(boundary: "graphql")
    let chunks = splitter.append(Data(body.utf8)).map { String(decoding: $0, as: UTF8.self) }
    XCTAssertEqual(chunks, [part1, part2, part1])
    XCTAssertEqual(splitter.finish(), [])
  }

  func test_eachPart_isHandedOutAsSoonAsItsDelimiterArrives() {
    var splitter = MultipartChunkSplitter(boundary: "graphql")
    XCTAssertEqual(splitter.append(Data("\r\n--graphql\r\n\(part1)".utf8)), [])
    XCTAssertEqual(splitter.append(Data("\r\n--gra".utf8)), [])
    XCTAssertEqual(splitter.append(Data("phql".utf8)), [Data(part1.utf8)])
    XCTAssertEqual(splitter.append(Data("\r\n\(part2)\r\n--graphql".utf8)), [Data(part2.utf8)])
    XCTAssertEqual(splitter.append(Data("--\r\n".utf8)), [])
    XCTAssertEqual(splitter.finish(), [])
  }

  func test_partialTrailingPart_isEmittedByFinish() {
    var splitter = MultipartChunkSplitter(boundary: "graphql")
    let first = splitter.append(Data("--graphql\r\n\(part1)\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"parti".utf8))
    XCTAssertEqual(first, [Data(part1.utf8)])
    XCTAssertEqual(splitter.finish(), [Data("content-type: application/json\r\n\r\n{\"parti".utf8)])
  }

  func test_partialDelimiterAtTheEnd_isPartOfTheLastChunk() {
    XCTAssertEqual(split("--graphql\r\n{\"a\":1}\r\n--grap"), ["{\"a\":1}\r\n--grap"])
  }

  func test_boundaryTextNotPrecededByCRLF_doesNotSplit() {
    let body = "--graphql\r\ncontent-type: text/plain\r\n\r\nsee --graphql and x--graphql and \n--graphql and \r--graphql\r\n--graphql--"
    XCTAssertEqual(split(body), ["content-type: text/plain\r\n\r\nsee --graphql and x--graphql and \n--graphql and \r--graphql"])
  }

  func test_delimiter_needsTheFullBoundary() {
    // "\r\n--graph" is a prefix of the delimiter only; a longer boundary such as "graphqlx" does match, as
    // upstream splits at the first complete delimiter without checking what follows it.
    XCTAssertEqual(split("--graphql\r\nA\r\n--graph\r\nB\r\n--graphqlx\r\nC"), ["A\r\n--graph\r\nB", "x\r\nC"])
  }

  func test_emptyBody_yieldsNothing() {
    XCTAssertEqual(split(""), [])
    XCTAssertEqual(split("--graphql--"), [])
  }

  func test_finish_resetsForTheNextBody() {
    var splitter = MultipartChunkSplitter(boundary: "graphql")
    _ = splitter.append(Data("--graphql\r\nA\r\n--gra".utf8))
    XCTAssertEqual(splitter.finish(), [Data("A\r\n--gra".utf8)])
    XCTAssertEqual(splitter.append(Data("--graphql\r\nB\r\n--graphql".utf8)), [Data("B".utf8)])
    XCTAssertEqual(splitter.finish(), [])
  }

  // MARK: Slicing independence

  private var sampleBodies: [String] {
    [
      "--graphql\r\n\(part1)\r\n--graphql\r\n\(part2)\r\n--graphql--\r\n",
      "\r\n--graphql\r\n\(part1)\r\n--graphql\r\n\r\n\(part2)\r\n\r\n--graphql\r\ncontent-type: x\r\n\r\n{\"tail",
      "pre\r\n--graphql\r\nA--graphql\r\n\r\n--graphql\r\n\r\n--graphql\r\n--x\r\n--graphql--",
      "\r\r\n--graphql\r\n\r\r\n\r\n--graphql",
    ]
  }

  func test_oneByteAtATime_matchesWholeBody() {
    for body in sampleBodies {
      XCTAssertEqual(split(body, sliceSizes: [1]), split(body), body.debugDescription)
    }
  }

  func test_randomSliceSizes_matchWholeBody() {
    var generator = SplitMix64(seed: 99)
    for body in sampleBodies {
      let expected = split(body)
      for _ in 0..<50 {
        let sizes = (0..<8).map { _ in Int.random(in: 1...20, using: &generator) }
        XCTAssertEqual(split(body, sliceSizes: sizes), expected, "\(body.debugDescription) \(sizes)")
      }
    }
  }

  func test_multipartChunkSplitter_matchesStraightforwardReferenceOnRandomBodies() {
    // Bodies from a tiny alphabet hit every partial-match path, including boundaries that overlap themselves.
    var generator = SplitMix64(seed: 2024)
    let alphabet: [UInt8] = Array("\r\n-ab".utf8)
    for boundary in ["a", "-", "a-a", "--", "-\r\n--", "aba"] {
      for _ in 0..<300 {
        let body = Data((0..<Int.random(in: 0..<60, using: &generator)).map { _ in
          alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
        })
        let expected = referenceSplit(body, boundary: boundary)
        XCTAssertEqual(split(body, boundary: boundary), expected)
        let sizes = (0..<5).map { _ in Int.random(in: 1...7, using: &generator) }
        XCTAssertEqual(split(body, boundary: boundary, sliceSizes: sizes), expected)
      }
    }
  }

  /// The rules applied literally, one byte at a time: cut when the buffer (after a virtual CRLF at the start of
  /// the body) ends with the delimiter.
  private func referenceSplit(_ body: Data, boundary: String) -> [Data] {
    let delimiter = Array("\r\n--\(boundary)".utf8)
    var chunks: [Data] = []
    var buffer: [UInt8] = []
    var atStart = true
    func emit(_ candidate: [UInt8]) {
      var candidate = candidate[...]
      if candidate.starts(with: [0x0D, 0x0A]) { candidate = candidate.dropFirst(2) }
      if candidate.isEmpty || candidate.starts(with: [0x2D, 0x2D]) { return }
      chunks.append(Data(candidate))
    }
    for byte in body {
      buffer.append(byte)
      let visible = atStart ? [0x0D, 0x0A] + buffer : buffer
      if visible.count >= delimiter.count && Array(visible.suffix(delimiter.count)) == delimiter {
        emit(Array(visible.dropLast(delimiter.count).dropFirst(atStart ? 2 : 0)))
        buffer = []
        atStart = false
      }
    }
    emit(buffer)
    return chunks
  }

  func test_largeBodyInSixteenKiBSlices_givesEveryPart() {
    let payload = "content-type: application/json\r\n\r\n{\"data\":{\"hero\":{\"name\":\"R2-D2\"}},\"hasNext\":true}"
    let partCount = 20_000
    var body = Data()
    for _ in 0..<partCount { body.append(Data("\r\n--graphql\r\n\(payload)".utf8)) }
    body.append(Data("\r\n--graphql--\r\n".utf8))
    let chunks = split(body, boundary: "graphql", sliceSizes: [16 * 1024])
    XCTAssertEqual(chunks.count, partCount)
    XCTAssertTrue(chunks.allSatisfy { $0 == Data(payload.utf8) })
  }

  func test_oneHugePartArrivingSlowly_isKeptWhole() {
    let payload = String(repeating: "x", count: 3_000_000)
    let chunks = split("--graphql\r\n\(payload)\r\n--graphql--", sliceSizes: [16 * 1024])
    XCTAssertEqual(chunks, [payload])
  }

  // MARK: Without a boundary

  func test_withoutBoundaryNothing_isSplitUntilFinish() {
    var splitter = MultipartChunkSplitter(boundary: nil)
    XCTAssertEqual(splitter.append(Data("{\"data\":".utf8)), [])
    XCTAssertEqual(splitter.append(Data("\r\n--graphql\r\n1}".utf8)), [])
    XCTAssertEqual(splitter.finish(), [Data("{\"data\":\r\n--graphql\r\n1}".utf8)])
  }

  func test_withoutBoundaryTheSameStrippingRules_apply() {
    XCTAssertEqual(split("", boundary: nil), [])
    XCTAssertEqual(split("\r\n{\"a\":1}", boundary: nil), ["{\"a\":1}"])
    XCTAssertEqual(split("\r\n\r\n{}", boundary: nil), ["\r\n{}"])
    // Known upstream quirk, kept: a body that starts with "--" is dropped.
    XCTAssertEqual(split("--not json", boundary: nil), [])
    XCTAssertEqual(split("\r\n--", boundary: nil), [])
  }

  // MARK: Boundary parameter

  func test_boundary_isReadFromTheContentType() {
    let cases: [(String, String?)] = [
      ("multipart/mixed; boundary=\"graphql\"; deferSpec=20220824", "graphql"),
      ("multipart/mixed;boundary=graphql;deferSpec=20220824", "graphql"),
      ("multipart/mixed; deferSpec=20220824; BOUNDARY = abc ", "abc"),
      ("multipart/mixed;  Boundary=\"-\"  ;  deferSpec=20220824", "-"),
      ("multipart/mixed; boundary=\"a;b\"; x=y", "a;b"),
      ("multipart/mixed; subscriptionSpec=\"1.0\"; boundary=\"graphql\"", "graphql"),
      ("multipart/mixed; boundary=\"\"", nil),
      ("multipart/mixed; boundary=", nil),
      ("multipart/mixed; charset=utf-8", nil),
      ("multipart/mixed", nil),
      ("application/json", nil),
      ("", nil),
      ("boundary=graphql", nil),
      ("multipart/mixed; xboundary=a; boundary=b", "b"),
    ]
    for (header, expected) in cases {
      XCTAssertEqual(MultipartChunkSplitter.boundary(fromContentType: header), expected, header)
    }
  }
}
