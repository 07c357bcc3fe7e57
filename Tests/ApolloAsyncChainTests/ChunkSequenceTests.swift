import ApolloAsyncChain
import Foundation
import XCTest

/// AsyncHTTPResponseChunkSequence over bodies delivered in arbitrary slices.
final class ChunkSequenceTests: XCTestCase {
  private func chunks(_ body: String, boundary: String? = "-", slice: Int = 3) async throws -> [String] {
    let bytes = Array(body.utf8)
    let stream = AsyncThrowingStream<Data, any Error> { continuation in
      for start in stride(from: 0, to: bytes.count, by: slice) {
        continuation.yield(Data(bytes[start..<min(start + slice, bytes.count)]))
      }
      continuation.finish()
    }
    var result: [String] = []
    for try await chunk in AsyncHTTPResponseChunkSequence(body: stream, boundary: boundary) {
      result.append(String(decoding: chunk, as: UTF8.self))
    }
    return result
  }

  func test_leadingDelimiter_isStripped_withOrWithoutAnExtraCRLF() async throws {
    for slice in [1, 3, 1000] {
      let withCRLF = try await chunks("\r\n---\r\nA\r\n-----\r\n", slice: slice)
      XCTAssertEqual(withCRLF, ["A"], "slice \(slice)")
      let withoutCRLF = try await chunks("---\r\nA\r\n-----\r\n", slice: slice)
      XCTAssertEqual(withoutCRLF, ["A"], "slice \(slice)")
    }
  }

  func test_trailingCRLFInsideAPart_isKept() async throws {
    let result = try await chunks("\r\n---\r\nA\r\n\r\n-----\r\n")
    XCTAssertEqual(result, ["A\r\n"])
  }

  func test_closeDelimiterDashes_andWhatFollows_areDropped() async throws {
    let result = try await chunks("\r\n---\r\nA\r\n-----\r\nepilogue")
    XCTAssertEqual(result, ["A"])
  }

  func test_severalPartsArrivingTogether_comeOutInOrder() async throws {
    let result = try await chunks("\r\n---\r\nA\r\n---\r\nB\r\n---\r\nC\r\n-----\r\n", slice: 10_000)
    XCTAssertEqual(result, ["A", "B", "C"])
  }

  func test_partialTrailingPart_isEmittedAsItsOwnChunk() async throws {
    let result = try await chunks("\r\n---\r\nA\r\n---\r\nB-partial")
    XCTAssertEqual(result, ["A", "B-partial"])
  }

  func test_boundaryTextNotPrecededByCRLF_doesNotSplit() async throws {
    let result = try await chunks("\r\n---\r\n{\"a\":\"x---y\"}\r\n-----\r\n")
    XCTAssertEqual(result, ["{\"a\":\"x---y\"}"])
  }

  func test_withoutBoundary_theWholeBodyIsOneChunk_andAnEmptyBodyNone() async throws {
    let whole = try await chunks("{\"data\":{}}", boundary: nil)
    XCTAssertEqual(whole, ["{\"data\":{}}"])
    let empty = try await chunks("", boundary: nil)
    XCTAssertEqual(empty, [])
  }

  func test_bodyError_endsTheSequenceWithThatError() async throws {
    let stream = AsyncThrowingStream<Data, any Error> { continuation in
      continuation.yield(Data("\r\n---\r\nA\r\n---".utf8))
      continuation.finish(throwing: TestError(id: 5))
    }
    var received: [Data] = []
    do {
      for try await chunk in AsyncHTTPResponseChunkSequence(body: stream, boundary: "-") { received.append(chunk) }
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? TestError, TestError(id: 5))
    }
    XCTAssertEqual(received, [Data("A".utf8)])
  }

  /// A part that never reaches its delimiter fails the response at MultipartLimits.maximumPartSize,
  /// after the complete parts before it were handed on; a plain (non-multipart) body has no such limit.
  func test_aPartOverTheLimit_failsTheResponseTyped_afterTheCompleteParts() async throws {
    let previous = MultipartLimits.maximumPartSize
    MultipartLimits.maximumPartSize = 1024
    defer { MultipartLimits.maximumPartSize = previous }
    let body = "\r\n---\r\nA\r\n---\r\n" + String(repeating: "x", count: 4096)
    // One slice for the whole body: the complete part and the oversized one arrive together.
    for slice in [100, body.utf8.count] {
      try await assertFailsAfterTheCompletePart(body, slice: slice)
    }
    let plain = try await chunks(String(repeating: "y", count: 4096), boundary: nil)
    XCTAssertEqual(plain.first?.count, 4096, "a body without a boundary is one chunk, whatever its size")
  }

  private func assertFailsAfterTheCompletePart(_ body: String, slice: Int, line: UInt = #line) async throws {
    var received: [String] = []
    do {
      let bytes = Array(body.utf8)
      let stream = AsyncThrowingStream<Data, any Error> { continuation in
        for start in stride(from: 0, to: bytes.count, by: slice) {
          continuation.yield(Data(bytes[start..<min(start + slice, bytes.count)]))
        }
        continuation.finish()
      }
      for try await chunk in AsyncHTTPResponseChunkSequence(body: stream, boundary: "-") {
        received.append(String(decoding: chunk, as: UTF8.self))
      }
      XCTFail("expected MultipartPartTooLargeError (slice \(slice))", line: line)
    } catch let error as MultipartPartTooLargeError {
      XCTAssertEqual(error, MultipartPartTooLargeError(limit: 1024), line: line)
    }
    XCTAssertEqual(received, ["A"], "slice \(slice)", line: line)
  }
}
