import Foundation
import XCTest

import ApolloCore

final class SHA256Tests: XCTestCase {
  // MARK: FIPS 180-4 / NIST example vectors

  func test_emptyMessage_hashesToTheNISTDigest() {
    XCTAssertEqual(SHA256.hexDigest(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  func test_oneBlockMessageABC_hashesToTheNISTDigest() {
    XCTAssertEqual(SHA256.hexDigest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  func test_twoBlock448BitMessage_hashesToTheNISTDigest() {
    XCTAssertEqual(
      SHA256.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    )
  }

  func test_896BitMessage_hashesToTheNISTDigest() {
    let message =
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
    XCTAssertEqual(message.utf8.count * 8, 896)
    XCTAssertEqual(SHA256.hexDigest(message), "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
  }

  func test_oneMillionLetterA_hashesToTheNISTDigest() {
    XCTAssertEqual(
      SHA256.hexString(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    )
  }

  // MARK: Padding edge cases (expected values from `sha256sum`)

  func test_paddingBoundaryLengths_hashLikeSha256sum() {
    // The message of length n is the first n bytes of "0123456789" repeated.
    let expected: [Int: String] = [
      1: "5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9",
      55: "f34d5a0f80c0cbf84c8c0b90218c22637abd199965249da736a20143c8c9c9d9",
      56: "83aa034bda83e458a0dc9cbce0d4e354716aa0ff770ed37ac0ed2b292052e4af",
      57: "2f599f9dd7fac80e26892a008adcf28c0c9aaa11cf3df4ceacd07d0f1aef4c76",
      63: "074f6e9ac301d5d1b6df6f1dfb8c6f89c187ea945d352ce6a29279a9c630680b",
      64: "9674d9e078535b7cec43284387a6ee39956188e735a85452b0050b55341cda56",
      65: "52774b57c10e45040a61c14d35c1c8ebefe880082313aa0a21ebb077734cd067",
      119: "d0cb70d05ff14123f114c0cca360c62077379cf1ac90e1bfafa9e9e4d827596a",
      120: "08642f0525963875af954100280fe3009293fa7e19c273444f31464c9b089243",
      127: "8e1814fdcfd56f26b96bcdba97754ab886dcb95373419b94a341a17d2634775e",
      128: "916e19992e7f9b1e8d9267c3324616dac8f4199419c6e4ebf68fda985f4b64ea",
      129: "5fd5d92c21a0c695de143dcca8e43b297c7afe9610c7b78f28fbc5e3587fc6a9",
    ]
    let pattern = String(repeating: "0123456789", count: 13)
    for (length, digest) in expected {
      XCTAssertEqual(SHA256.hexDigest(String(pattern.prefix(length))), digest, "length \(length)")
    }
  }

  // MARK: Application inputs

  func test_graphQLDocument_matchesSha256sum() {
    // printf '%s' "<document>" | sha256sum
    let document = """
      query HeroName($episode: Episode) {
        hero(episode: $episode) {
          __typename
          name
        }
      }
      """
    XCTAssertEqual(SHA256.hexDigest(document), "f6e76545cd03aa21368d9969cb39447f6e836a16717823281803778e7805d671")
  }

  func test_nonASCIIString_hashesItsUTF8() {
    XCTAssertEqual(SHA256.hexDigest("héllo wörld €😀"), "0a911cd5723335bafcad3516f617f1a77a27389ea038ded5c3e62c4fde9c72d8")
  }

  func test_allInputTypes_agree() {
    let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 7)
    let bytes = Array(text.utf8)
    let expected = SHA256.hash(text)
    XCTAssertEqual(expected.count, SHA256.digestByteCount)
    XCTAssertEqual(SHA256.hash(bytes), expected)
    XCTAssertEqual(SHA256.hash(Data(bytes)), expected)
    XCTAssertEqual(SHA256.hash(bytes[...]), expected)
    // A sequence without contiguous storage takes the copying path.
    XCTAssertEqual(SHA256.hash(AnySequence(bytes)), expected)
    XCTAssertEqual(SHA256.hash(text.utf8), expected)
  }

  func test_dataSlice_hashesOnlyTheSlice() {
    let data = Data("xxabcyy".utf8)
    XCTAssertEqual(SHA256.hexString(SHA256.hash(data[2..<5])), SHA256.hexDigest("abc"))
  }

  func test_bridgedAndNativeStrings_agree() {
    let native = "héllo wörld €😀"
    let bridged = String(NSString(string: native))
    XCTAssertEqual(SHA256.hexDigest(bridged), SHA256.hexDigest(native))
  }

  func test_hexString_isLowercaseAndTwoCharactersPerByte() {
    XCTAssertEqual(SHA256.hexString([0x00, 0x0F, 0xA0, 0xFF]), "000fa0ff")
    XCTAssertEqual(SHA256.hexDigest("abc").count, 64)
  }
}
