import Foundation

/// SHA-1 as specified in FIPS 180-4, for the WebSocket opening handshake (`Sec-WebSocket-Accept`).
///
/// RFC 6455 requires SHA-1 for the accept key only; it is not used for anything security-relevant here.
/// Implemented here because CryptoKit is unavailable on Linux; a plain one-shot digest.
public enum SHA1 {
  /// The digest length in bytes.
  public static let digestByteCount = 20

  /// The 20-byte digest of `bytes`.
  public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    var message = Array(bytes)
    let bitLength = UInt64(message.count) &* 8
    // Padding (FIPS 180-4 §5.1.1): 0x80, zeros up to 56 mod 64, then the bit length big-endian.
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }

    var h0: UInt32 = 0x6745_2301, h1: UInt32 = 0xEFCD_AB89, h2: UInt32 = 0x98BA_DCFE
    var h3: UInt32 = 0x1032_5476, h4: UInt32 = 0xC3D2_E1F0
    var w = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: message.count, by: 64) {
      for t in 0..<16 {
        let i = block + t * 4
        w[t] = UInt32(message[i]) << 24 | UInt32(message[i + 1]) << 16 | UInt32(message[i + 2]) << 8 | UInt32(message[i + 3])
      }
      for t in 16..<80 { w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
      var a = h0, b = h1, c = h2, d = h3, e = h4
      for t in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch t {
        case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
        case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
        case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
        default: f = b ^ c ^ d; k = 0xCA62_C1D6
        }
        let temp = rotl(a, 5) &+ f &+ e &+ k &+ w[t]
        e = d; d = c; c = rotl(b, 30); b = a; a = temp
      }
      h0 = h0 &+ a; h1 = h1 &+ b; h2 = h2 &+ c; h3 = h3 &+ d; h4 = h4 &+ e
    }
    var digest: [UInt8] = []
    digest.reserveCapacity(20)
    for word in [h0, h1, h2, h3, h4] {
      digest.append(contentsOf: [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                                 UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)])
    }
    return digest
  }

  /// The 20-byte digest of the UTF-8 encoding of `string`.
  public static func hash(_ string: String) -> [UInt8] { hash(Array(string.utf8)) }

  /// The lowercase hexadecimal SHA-1 of the UTF-8 encoding of `string` (40 characters).
  public static func hexDigest(_ string: String) -> String { SHA256.hexString(hash(string)) }

  @inline(__always) private static func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { (x << n) | (x >> (32 - n)) }
}
