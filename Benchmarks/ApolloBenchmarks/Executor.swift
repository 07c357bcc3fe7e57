// The selection-driven executor (issue 10) against the hand-written operation model it will replace,
// on the same 12-record response: parse into the operation's data, normalize, read back from a store.
// The new path is not on any chain yet; this records where it starts.
@_spi(Execution) @_spi(Unsafe) import ApolloAPI
import ApolloCore
import Foundation
import StarWarsAPI

/// `hero { __typename id name friends { __typename id name } }` in the generated shape.
private enum BenchSchema: SchemaMetadata {
  static let configuration: any SchemaConfiguration.Type = BenchConfiguration.self
  static func objectType(forTypename typename: String) -> Object? {
    typename == "Query" ? BenchQueryType : nil
  }
}
private let BenchQueryType = Object(typename: "Query", implementedInterfaces: [])
private let BenchCharacter = Interface(name: "Character", implementingObjects: ["Human", "Droid"])

private enum BenchConfiguration: SchemaConfiguration {
  static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo? {
    try? CacheKeyInfo(jsonValue: object["id"])
  }
}

private struct GeneratedHeroAndFriends: ApolloAPI.RootSelectionSet {
  typealias Schema = BenchSchema
  let __data: ApolloAPI.DataDict
  init(_dataDict: ApolloAPI.DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { BenchQueryType }
  static var __selections: [Selection] { [.field("hero", Hero?.self)] }
  var hero: Hero? { __data["hero"] }

  struct Hero: ApolloAPI.RootSelectionSet {
    typealias Schema = BenchSchema
    let __data: ApolloAPI.DataDict
    init(_dataDict: ApolloAPI.DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { BenchCharacter }
    static var __selections: [Selection] { [
      .field("__typename", String.self), .field("id", String.self), .field("name", String.self),
      .field("friends", [Friend?]?.self),
    ] }
    var name: String { __data["name"] }

    struct Friend: ApolloAPI.RootSelectionSet {
      typealias Schema = BenchSchema
      let __data: ApolloAPI.DataDict
      init(_dataDict: ApolloAPI.DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { BenchCharacter }
      static var __selections: [Selection] { [
        .field("__typename", String.self), .field("id", String.self), .field("name", String.self),
      ] }
    }
  }
}

func benchmarkExecutor() throws {
  let iterations = Int(ProcessInfo.processInfo.environment["BENCH_ITERATIONS"] ?? "") ?? 20_000
  let body = try JSONParser.parseObject(heroBody)
  guard case .object(let data)? = body["data"] else { return }
  let query = HeroAndFriendsQuery()

  print("\n== executor: the 12-record response, per operation (hand-written model = baseline)")
  func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    for _ in 0..<iterations { try body() }
    return (ContinuousClock.now - start).seconds / Double(iterations) * 1e6
  }

  let normalizer = ResponseNormalizer()
  let baselineParse = try time { _ = try HeroAndFriendsQuery.Data(data: data) }
  let executorParse = try time {
    _ = try GraphQLExecutor.execute(GeneratedHeroAndFriends.self, data: data, rootKey: "QUERY_ROOT", normalizing: false)
  }
  let baselineNormalize = try time {
    _ = try HeroAndFriendsQuery.Data(data: data)
    _ = normalizer.records(for: query, data: data)
  }
  let executorNormalize = try time {
    _ = try GraphQLExecutor.execute(GeneratedHeroAndFriends.self, data: data, rootKey: "QUERY_ROOT", normalizing: true)
  }

  let baselineStore = ApolloCore.ApolloStore()
  try baselineStore.publishRecords(normalizer.records(for: query, data: data))
  let executorCache = InMemoryNormalizedCache()
  let records = try GraphQLExecutor.execute(GeneratedHeroAndFriends.self, data: data, rootKey: "QUERY_ROOT", normalizing: true).records
  _ = try executorCache.merge(records: records ?? RecordSet())
  let baselineRead = try time {
    guard let cached = try baselineStore.readData(for: query) else { return }
    _ = try HeroAndFriendsQuery.Data(data: cached.data)
  }
  let executorRead = try time {
    _ = try GraphQLExecutor.read(GeneratedHeroAndFriends.self, withKey: "QUERY_ROOT", from: executorCache)
  }

  for (label, baseline, executor) in [
    ("parse into the operation's data", baselineParse, executorParse),
    ("parse + normalize", baselineNormalize, executorNormalize),
    ("cache read into the operation's data", baselineRead, executorRead),
  ] {
    print("\(label.padding(toLength: 38, withPad: " ", startingAt: 0)) hand-written \(format(baseline, "µs"))  executor \(format(executor, "µs"))  ratio \(String(format: "%.2f", executor / baseline))")
  }
}
