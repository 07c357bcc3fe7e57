// Reads one server response with the 1.x-shaped and the 2.x-shaped generated `ItemDetailsQuery`, writes
// each into a normalized store and reads it back: generated code of both shapes, compiled unchanged in
// packages of their own, running through ApolloMigrationKit's executor with upstream's cache keys.
import ApolloCore
import Foundation
import GeneratedFixturesV1
import GeneratedFixturesV2

struct CheckFailed: Error, CustomStringConvertible {
  let description: String
}

func expect(_ condition: Bool, _ what: String) throws {
  if !condition { throw CheckFailed(description: what) }
}

let response = try JSONParser.parseObject(Data("""
  {"item": {"__typename": "Book", "id": "b1", "title": "Dune", "genre": "FICTION", "published": "1965-08-01",
            "isbn": "978-0441013593", "pageCount": 412, "tags": ["sf"], "loanPeriodDays": 21,
            "authors": [{"__typename": "Author", "id": "a1", "name": "Frank Herbert", "born": "1920-10-08"}]}}
  """.utf8))

/// Reads `response` with `query`'s selections, normalizes it into a new store and reads it back from there.
func readAndCache<Query: GraphQLQuery>(_ query: Query) throws -> (read: Query.Data, cached: Query.Data, records: RecordSet) {
  let (data, records) = try GraphQLExecutor.execute(query, data: response, normalizing: true)
  guard let records else { throw CheckFailed(description: "no records from a normalizing read") }
  let store = ApolloStore()
  try store.publishRecords(records)
  return (data, try store.read(query).data, records)
}

do {
  // 1.x shape (Swift 5 language mode, codegen 1.25).
  let (read, cached, records) = try readAndCache(GeneratedFixturesV1.ItemDetailsQuery(id: "b1", withAuthors: true, brief: false))
  try expect(read.item?.title == "Dune" && read.item?.asBook?.pageCount == 412, "1.x: the response read")
  try expect(cached.item?.asBook?.authors?.first?.name == "Frank Herbert", "1.x: read back from the store")
  try expect(records["Book:b1"] != nil, "1.x: the book keyed by its typePolicy key (Typename:id)")
  print("1.x-shaped ItemDetailsQuery: \(cached.item?.title ?? "-"), records \(records.keys.sorted())")
}

do {
  // 2.x shape (Swift 6 language mode, codegen 2.4).
  let (read, cached, records) = try readAndCache(GeneratedFixturesV2.ItemDetailsQuery(id: "b1", withAuthors: true, brief: false))
  try expect(read.item?.title == "Dune" && read.item?.asBook?.pageCount == 412, "2.x: the response read")
  try expect(cached.item?.asBook?.authors?.first?.name == "Frank Herbert", "2.x: read back from the store")
  try expect(records["Book:b1"] != nil, "2.x: the book keyed by its typePolicy key (Typename:id)")
  print("2.x-shaped ItemDetailsQuery: \(cached.item?.title ?? "-"), records \(records.keys.sorted())")
}
