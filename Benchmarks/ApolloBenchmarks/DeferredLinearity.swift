// The `linearity` section's `@defer` figures: a fragment on every item of a list (HeroFriendsDeferredQuery), whose items'
// fragments should each cost the same however many items came before, whichever way the response is read.
import ApolloAsyncChain
import Foundation
import StarWarsAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private let listLengths = [10, 100, 1_000, 4_000]

/// The hero with `count` friends, none of their fragments arrived.
private func heroWithFriends(_ count: Int) -> JSON.Object {
  let friends: [JSON] = (0..<count).map { index in .object(["__typename": "Human", "id": .string("\(index)")]) }
  return ["__typename": "Droid", "id": "2001", "friends": .array(friends)]
}

/// What friend `index`'s fragment brings.
private func fragmentData(_ index: Int) -> JSON.Object {
  let inner: JSON.Object = ["__typename": "Human", "id": .string("x\(index)")]
  return ["friends": .array([.object(inner)])]
}

/// The payload bringing friend `index`'s fragment (the 2022 format, one item at the friend's path).
private func increment(_ index: Int, of count: Int) -> JSON.Object {
  let path: [JSON] = ["hero", "friends", .int(index)]
  return ["incremental": [["label": "more", "path": .array(path), "data": .object(fragmentData(index))]],
          "hasNext": .bool(index < count - 1)]
}

/// Runs `measure` for each length in turn, `rounds` times, and prints the least time per unit at each length with its
/// ratio to the shortest's. `measure` returns the seconds one run took per unit (item, increment, part).
private func printFastestPerUnit(
  _ title: String, unit: String, lengths: [Int] = listLengths, rounds: Int = 5,
  _ measure: (_ length: Int) async throws -> Double
) async rethrows {
  print(title)
  var fastest = [Double](repeating: .infinity, count: lengths.count)
  for _ in 0..<rounds {
    for (index, length) in lengths.enumerated() { fastest[index] = min(fastest[index], try await measure(length)) }
  }
  for (index, length) in lengths.enumerated() {
    print("  \(String(format: "%9d", length)) items  \(format(fastest[index] * 1e6, "µs per \(unit)"))  ratio to the smallest \(String(format: "%.2f", fastest[index] / fastest[0]))")
  }
}

/// Seconds per unit of `iterations` runs of `body` over `units` units.
private func timed(iterations: Int, units: Int, _ body: () async throws -> Void) async rethrows -> Double {
  let start = ContinuousClock.now
  for _ in 0..<iterations { try await body() }
  return (ContinuousClock.now - start).seconds / Double(iterations) / Double(units)
}

func benchmarkDeferredLinearity() async throws {
  // Every fragment arrived, merged into one response, read and normalized at once.
  try await printFastestPerUnit("linearity, @defer on each list item (merged response read and normalized; µs per item)", unit: "item") { count in
    var hero = heroWithFriends(count)
    hero["friends"] = .array((0..<count).map { index in
      var friend: JSON.Object = ["__typename": "Human", "id": .string("\(index)")]
      friend.merge(fragmentData(index)) { $1 }
      return .object(friend)
    })
    let data: JSON.Object = ["hero": .object(hero)]
    return try await timed(iterations: max(2, 20_000 / count), units: count) {
      _ = try GraphQLExecutor.execute(HeroFriendsDeferredQuery(), data: data, normalizing: true)
    }
  }

  // The increments arriving one per item, merged into the response.
  try await printFastestPerUnit("linearity, @defer increments merged one per list item (µs per increment)", unit: "increment") { count in
    var merger = IncrementalResponseMerger()
    _ = try merger.apply(["data": ["hero": .object(heroWithFriends(count))], "hasNext": true])
    let increments = (0..<count).map { increment($0, of: count) }
    return try await timed(iterations: 1, units: count) { for payload in increments { _ = try merger.apply(payload) } }
  }

  // The same increments as multipart parts through the 2.x parser: each part is read (and normalized) by reading
  // again only the friend it arrived at.
  try await printFastestPerUnit("linearity, @defer increments one per list item through the 2.x parser (µs per part)", unit: "part",
                                lengths: [10, 100, 1_000], rounds: 3) { count in
    let parts = [JSONSerializer.serialize(["data": ["hero": .object(heroWithFriends(count))], "hasNext": true])]
      + (0..<count).map { JSONSerializer.serialize(increment($0, of: count)) }
    let chunks = parts.map { Data("Content-Type: application/json\r\n\r\n".utf8) + $0 }
    let parser = JSONResponseParser(
      response: HTTPURLResponse(url: endpoint, statusCode: 200, httpVersion: nil,
                                headerFields: ["Content-Type": #"multipart/mixed; boundary="graphql"; deferSpec=20220824"#])!,
      operationVariables: nil, includeCacheRecords: true)
    var last: ParsedResult<HeroFriendsDeferredQuery>?
    return try await timed(iterations: 1, units: chunks.count) {
      for chunk in chunks { last = try await parser.parse(dataChunk: chunk, mergingIncrementalItemsInto: last) ?? last }
    }
  }

  // The list read back from a store that holds the items but not their fragments' fields: every item's fragment is
  // tried and left pending.
  try await printFastestPerUnit("linearity, @defer on each list item, read from the store with every fragment pending (µs per item)", unit: "item") { count in
    let store = ApolloStore()
    try store.publishRecords(try store.records(for: HeroFriendsDeferredQuery(), data: ["hero": .object(heroWithFriends(count))]))
    return try await timed(iterations: max(2, 20_000 / count), units: count) { _ = try store.read(HeroFriendsDeferredQuery()) }
  }
}
