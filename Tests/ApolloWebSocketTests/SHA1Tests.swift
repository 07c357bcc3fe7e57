import ApolloCore
import XCTest

/// FIPS 180-4 / NIST published SHA-1 test vectors, and the RFC 6455 §1.3 accept-key example.
final class SHA1Tests: XCTestCase {
  func test_publishedVectors_hashToTheirDigests() {
    XCTAssertEqual(SHA1.hexDigest(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    XCTAssertEqual(SHA1.hexDigest("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d")
    XCTAssertEqual(SHA1.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                   "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    XCTAssertEqual(
      SHA1.hexDigest("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"),
      "a49b2446a02c645bf419f995b67091253a04a259")
    XCTAssertEqual(SHA1.hexDigest(String(repeating: "a", count: 1_000_000)), "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  func test_blockBoundaryLengths_hashToTheKnownDigests() {
    // 55, 56 and 64 bytes exercise the one- and two-block padding cases.
    XCTAssertEqual(SHA1.hexDigest(String(repeating: "a", count: 55)), "c1c8bbdc22796e28c0e15163d20899b65621d65a")
    XCTAssertEqual(SHA1.hexDigest(String(repeating: "a", count: 56)), "c2db330f6083854c99d4b5bfb6e8f29f201be699")
    XCTAssertEqual(SHA1.hexDigest(String(repeating: "a", count: 64)), "0098ba824b5c16427bd7a1122a5a442a25ec644d")
  }

  func test_rfc6455AcceptKeyExample_givesTheDocumentedKey() {
    let accept = Data(SHA1.hash("dGhlIHNhbXBsZSBub25jZQ==" + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11")).base64EncodedString()
    XCTAssertEqual(accept, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  }
}
