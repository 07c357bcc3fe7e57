/// Cuts a byte count into slices whose sizes follow from `seed`, so the same input always splits the same way
/// and libFuzzer can explore the split points through the seed byte.
struct SliceSizes: Sequence, IteratorProtocol {
  private var state: UInt64
  private var remaining: Int

  init(total: Int, seed: UInt8) {
    // Never zero, or the xorshift generator would stay at zero.
    state = 0x9E37_79B9_7F4A_7C15 ^ UInt64(seed) &* 0x100_0000_01B3
    remaining = total
  }

  mutating func next() -> Int? {
    guard remaining > 0 else { return nil }
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    // Mostly tiny slices (where split bugs live), now and then a large one.
    let size = state % 4 == 0 ? Int((state >> 8) % 4096) + 1 : Int((state >> 8) % 8) + 1
    let slice = Swift.min(size, remaining)
    remaining -= slice
    return slice
  }

  /// `data` in slices.
  static func slices(of data: [UInt8], seed: UInt8) -> [ArraySlice<UInt8>] {
    var start = 0
    var result: [ArraySlice<UInt8>] = []
    for size in SliceSizes(total: data.count, seed: seed) {
      result.append(data[start..<(start + size)])
      start += size
    }
    return result
  }
}
