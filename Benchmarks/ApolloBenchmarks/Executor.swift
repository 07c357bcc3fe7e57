// The selection-driven executor on the 12-record response: reading the parsed JSON into the
// operation's data, normalizing it, and reading it back from a store, each against parsing the
// response's bytes (the step every request pays just before).
import ApolloCore
import Foundation
import StarWarsAPI

func benchmarkExecutor() throws {
  let iterations = Int(ProcessInfo.processInfo.environment["BENCH_ITERATIONS"] ?? "") ?? 20_000
  let body = try JSONParser.parseObject(heroBody)
  guard case .object(let data)? = body["data"] else { return }
  let query = HeroAndFriendsQuery(episode: nil)

  print("\n== executor: the 12-record response, per operation (parsing its \(heroBody.count) bytes = baseline)")
  func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    for _ in 0..<iterations { try body() }
    return (ContinuousClock.now - start).seconds / Double(iterations) * 1e6
  }

  let bytes = try time { _ = try JSONParser.parseObject(heroBody) }
  let parse = try time { _ = try GraphQLExecutor.execute(query, data: data, normalizing: false) }
  let normalize = try time { _ = try GraphQLExecutor.execute(query, data: data, normalizing: true) }
  let store = ApolloStore()
  try store.publishRecords(store.records(for: query, data: data))
  let read = try time { _ = try store.read(query) }

  print("\("parse the bytes into JSON".padding(toLength: 38, withPad: " ", startingAt: 0)) \(format(bytes, "µs"))")
  for (label, figure) in [
    ("read into the operation's data", parse),
    ("read + normalize", normalize),
    ("cache read into the operation's data", read),
  ] {
    print("\(label.padding(toLength: 38, withPad: " ", startingAt: 0)) \(format(figure, "µs"))  ratio to the byte parse \(String(format: "%.2f", figure / bytes))")
  }
}
