import Foundation

/// SHA-256 as specified in FIPS 180-4, for automatic persisted query hashes.
///
/// Implemented here because CryptoKit is unavailable on Linux and CommonCrypto is Apple-only; this is a plain
/// one-shot digest, not a general-purpose or constant-time cryptographic library.
public enum SHA256 {
  /// The digest length in bytes.
  public static let digestByteCount = 32

  /// The 32-byte digest of `bytes`.
  public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    if let digest = bytes.withContiguousStorageIfAvailable({ hash(buffer: UnsafeRawBufferPointer($0)) }) {
      return digest
    }
    return Array(bytes).withUnsafeBytes { hash(buffer: $0) }
  }

  /// The 32-byte digest of `data`.
  public static func hash(_ data: Data) -> [UInt8] {
    data.withUnsafeBytes { hash(buffer: $0) }
  }

  /// The 32-byte digest of the UTF-8 encoding of `string`.
  public static func hash(_ string: String) -> [UInt8] {
    var string = string
    return string.withUTF8 { hash(buffer: UnsafeRawBufferPointer($0)) }
  }

  /// The lowercase hexadecimal SHA-256 of the UTF-8 encoding of `string` (64 characters).
  public static func hexDigest(_ string: String) -> String {
    hexString(hash(string))
  }

  /// Lowercase hexadecimal text for `bytes`.
  public static func hexString(_ bytes: some Sequence<UInt8>) -> String {
    let digits: StaticString = "0123456789abcdef"
    var text: [UInt8] = []
    text.reserveCapacity(bytes.underestimatedCount * 2)
    for byte in bytes {
      text.append(digits.utf8Start[Int(byte >> 4)])
      text.append(digits.utf8Start[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static func hash(buffer message: UnsafeRawBufferPointer) -> [UInt8] {
    var state = initialHashValue
    roundConstants.withUnsafeBufferPointer { constants in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
        let fullBlocks = message.count / 64
        for block in 0..<fullBlocks {
          compress(&state, UnsafeRawBufferPointer(rebasing: message[(block * 64)..<(block * 64 + 64)]),
                   constants, schedule)
        }

        // Padding (FIPS 180-4 §5.1.1): 0x80, zeros, then the bit length as a big-endian UInt64,
        // which takes one extra block, or two when fewer than 9 bytes are left in the last one.
        let remainder = message.count - fullBlocks * 64
        let tailLength = remainder < 56 ? 64 : 128
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
          tail.initialize(repeating: 0)
          for offset in 0..<remainder {
            tail[offset] = message[fullBlocks * 64 + offset]
          }
          tail[remainder] = 0x80
          let bitLength = UInt64(truncatingIfNeeded: message.count) &* 8
          for byteIndex in 0..<8 {
            tail[tailLength - 1 - byteIndex] = UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(byteIndex)))
          }
          let tailBytes = UnsafeRawBufferPointer(tail)
          var offset = 0
          while offset < tailLength {
            compress(&state, UnsafeRawBufferPointer(rebasing: tailBytes[offset..<(offset + 64)]), constants, schedule)
            offset += 64
          }
        }
      }
    }

    var digest: [UInt8] = []
    digest.reserveCapacity(digestByteCount)
    for word in state {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    return digest
  }

  /// Processes one 64-byte block (FIPS 180-4 §6.2.2).
  @inline(__always)
  private static func compress(
    _ state: inout [UInt32],
    _ block: UnsafeRawBufferPointer,
    _ constants: UnsafeBufferPointer<UInt32>,
    _ schedule: UnsafeMutableBufferPointer<UInt32>
  ) {
    for t in 0..<16 {
      // Assembled byte by byte: the block may be unaligned and the words are big-endian.
      schedule[t] = UInt32(block[t * 4]) << 24 | UInt32(block[t * 4 + 1]) << 16
        | UInt32(block[t * 4 + 2]) << 8 | UInt32(block[t * 4 + 3])
    }
    for t in 16..<64 {
      let w15 = schedule[t - 15]
      let w2 = schedule[t - 2]
      let sigma0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
      let sigma1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
      schedule[t] = sigma1 &+ schedule[t - 7] &+ sigma0 &+ schedule[t - 16]
    }

    var a = state[0], b = state[1], c = state[2], d = state[3]
    var e = state[4], f = state[5], g = state[6], h = state[7]
    for t in 0..<64 {
      let bigSigma1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
      let choose = (e & f) ^ (~e & g)
      let temp1 = h &+ bigSigma1 &+ choose &+ constants[t] &+ schedule[t]
      let bigSigma0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let temp2 = bigSigma0 &+ majority
      h = g
      g = f
      f = e
      e = d &+ temp1
      d = c
      c = b
      b = a
      a = temp1 &+ temp2
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
    state[4] &+= e
    state[5] &+= f
    state[6] &+= g
    state[7] &+= h
  }

  @inline(__always)
  private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 - count))
  }

  /// H(0): the first 32 bits of the fractional parts of the square roots of the first 8 primes.
  private static let initialHashValue: [UInt32] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]

  /// K: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let roundConstants: [UInt32] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]
}
