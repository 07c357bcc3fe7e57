@_spi(Execution) @_spi(Unsafe) import ApolloAPI
import ApolloCore
import Foundation
import StarWarsAPI

/// `@defer` parts read by their increments (`GraphQLExecutor.executeIncrements`, what the 2.x parser and the 1.x
/// incremental parsing interceptor do for a part whose increments carry paths) against the whole merged response read
/// again: whenever the increments are read, the data and the records must be exactly the whole reading's.
///
/// The input is not JSON: it describes a response to `HeroFriendsDeferredQuery` (a fragment on every friend of the
/// hero), so that nearly every input is a response the merger accepts. Its first byte picks the key rule (ids, or one
/// key per type, which makes different objects share a record); then the hero and its friends (null items, shared
/// ids, missing ids); then up to eight parts, each with up to three increments at a path (a friend's, out of range,
/// the hero's, the list's, or a wrong one) carrying the fragment's data (its friends, a `null`, a friend's new id,
/// a missing field).
func fuzzDeferredReading(_ data: Data) {
  var input = DescribedResponse(bytes: [UInt8](data))
  let keyRule: CacheKeyForObject? = input.take() & 1 == 0 ? nil : oneKeyPerType
  // As the parsers do: `DeferredParts` merges each part and hands back the reading to build on, if any.
  typealias Reading = (data: HeroFriendsDeferredQuery.Data, records: RecordSet?)
  var parts = DeferredParts()
  guard case .updated(let initial, let first, _)? = try? parts.merge(input.initialPayload()), let data = initial.data
  else { return }
  if let reading: Reading = try? GraphQLExecutor.execute(
    HeroFriendsDeferredQuery.self, variables: nil, data: data, normalizing: true, cacheKeyForObject: keyRule)
  {
    parts.keep(reading, readAfter: first)
  }
  for partIndex in 0..<8 where !input.isAtEnd {
    let payload = input.part()
    guard case .updated(let body, let count, let previous)? = try? parts.merge(payload), let merged = body.data else {
      continue
    }
    let whole: Reading? = try? GraphQLExecutor.execute(
      HeroFriendsDeferredQuery.self, variables: nil, data: merged, normalizing: true, cacheKeyForObject: keyRule)
    if let before = previous as? Reading, let paths = IncrementalResponseMerger.incrementPaths(of: payload),
       let spliced = GraphQLExecutor.executeIncrements(
         HeroFriendsDeferredQuery.self, variables: nil, data: merged, paths: paths,
         previous: (before.data, before.records), normalizing: true, cacheKeyForObject: keyRule, fieldKeys: nil)
    {
      guard let whole else { preconditionFailure("part \(partIndex): read by its increments, but the whole response fails to read") }
      fuzzCheck(spliced.data.__data == whole.data.__data, "part \(partIndex): the data differ from the whole reading")
      fuzzCheck(spliced.records == whole.records, "part \(partIndex): the records differ from the whole reading")
    }
    if let whole { parts.keep(whole, readAfter: count) }
  }
}

/// A key rule that gives every object of a type the same record.
private let oneKeyPerType: CacheKeyForObject = { object in
  guard case .string(let typename)? = object["__typename"] else { return nil }
  return typename
}

/// Reads the fuzzer's bytes as choices; past the end every choice is 0.
private struct DescribedResponse {
  let bytes: [UInt8]
  var index = 0
  var friendCount = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { index >= bytes.count }

  mutating func take() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// A few ids, so that objects share records (the hero among its friends, a friend twice).
  private static let ids = ["1000", "1001", "1002", "2000", "2001"]

  mutating func character(allowingNull: Bool) -> JSON {
    let choice = take()
    if allowingNull && choice % 7 == 6 { return .null }
    var object: JSON.Object = ["__typename": choice & 0x08 == 0 ? "Human" : "Droid"]
    // One in eight has no id: a required field missing, which the whole reading rejects.
    if choice & 0x70 != 0x70 { object["id"] = .string(Self.ids[Int(choice % 5)]) }
    return .object(object)
  }

  mutating func initialPayload() -> JSON.Object {
    let shape = take()
    friendCount = Int(shape % 6)
    guard shape & 0x80 == 0 else { return ["data": ["hero": .null], "hasNext": true] }
    guard case .object(var hero) = character(allowingNull: false) else { return [:] }
    hero["friends"] = shape & 0x40 == 0
      ? .array((0..<friendCount).map { _ in character(allowingNull: true) })
      : .null
    return ["data": ["hero": .object(hero)], "hasNext": true]
  }

  mutating func part() -> JSON.Object {
    let shape = take()
    var items: [JSON] = []
    for _ in 0...(Int(shape) % 3) {
      items.append(increment())
    }
    return ["incremental": .array(items), "hasNext": .bool(shape & 0x80 == 0)]
  }

  private mutating func increment() -> JSON {
    let place = take()
    let path: [JSON]
    switch place % 8 {
    case 0: path = ["hero"]
    case 1: path = ["hero", "friends"]
    case 2: path = ["hero", "friends", "0"]
    case 3: path = ["hero", "friends", .int(friendCount)]  // past the end
    default: path = ["hero", "friends", .int(friendCount == 0 ? 0 : Int(place >> 3) % friendCount)]
    }
    let what = take()
    var data: JSON.Object = [:]
    switch what % 6 {
    case 0: data["friends"] = .null
    case 1: break  // the fragment's field missing
    default: data["friends"] = .array((0..<(Int(what >> 3) % 4)).map { _ in character(allowingNull: true) })
    }
    // Now and then the object's id arrives too (a different one): its record key changes with the part.
    if what & 0x40 != 0 { data["id"] = .string(Self.ids[Int(what >> 4) % 5]) }
    return ["label": what & 0x80 == 0 ? "more" : "other", "path": .array(path), "data": .object(data)]
  }
}
