@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import XCTest

// Field policies on cache reads (upstream's FieldPolicyTests): a field with arguments that was never fetched is
// read from the record its key arguments (or the app's FieldPolicy.Provider) name.

private enum Library {
  static let Query = Object(typename: "Query", implementedInterfaces: [])
  static let Book = Object(typename: "Book", implementedInterfaces: [], keyFields: ["id"])
}

/// Keys books by `id` from the responses; no programmatic policy.
private enum DirectiveSchema: SchemaMetadata {
  static let configuration: any SchemaConfiguration.Type = PlainConfiguration.self
  static func objectType(forTypename typename: String) -> Object? {
    typename == "Book" ? Library.Book : typename == "Query" ? Library.Query : nil
  }
}

private enum PlainConfiguration: SchemaConfiguration {
  static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo? { nil }
}

/// The same schema with a configuration that is also a `FieldPolicy.Provider`: `bookByIsbn(isbn:)` reads
/// `Book:<isbn without dashes>` and `booksByIsbn(isbns:)` one key per element.
private enum ProviderSchema: SchemaMetadata {
  static let configuration: any SchemaConfiguration.Type = ProviderConfiguration.self
  static func objectType(forTypename typename: String) -> Object? { DirectiveSchema.objectType(forTypename: typename) }
}

private enum ProviderConfiguration: SchemaConfiguration, FieldPolicy.Provider {
  static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo? { nil }

  static func cacheKey(for field: FieldPolicy.Field, inputData: FieldPolicy.InputData, path: ResponsePath) -> CacheKeyInfo? {
    guard field.name == "bookByIsbn", let isbn = inputData["isbn"] as? String else { return nil }
    return CacheKeyInfo(id: isbn.replacingOccurrences(of: "-", with: ""))
  }

  static func cacheKeyList(for listField: FieldPolicy.Field, inputData: FieldPolicy.InputData, path: ResponsePath) -> [CacheKeyInfo]? {
    guard listField.name == "booksByIsbn", let isbns: FieldPolicy.InputListData = inputData["isbns"] else { return nil }
    return (0..<isbns.count).compactMap { (isbns[$0] as? String).map { CacheKeyInfo(id: $0) } }
  }
}

private struct BookFields<Schema: SchemaMetadata>: ApolloAPI.RootSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { Library.Book }
  static var __selections: [Selection] { [.field("__typename", String.self), .field("id", String.self), .field("title", String.self)] }
  var title: String { __data["title"] }
}

/// `book(id: $id) @fieldPolicy(keyArgs: "id")`, `books(ids: $ids) @fieldPolicy(keyArgs: "ids")`,
/// `edition(id: $id, lang: "en") @fieldPolicy(keyArgs: "id lang")`, `byFilter(filter: {id: $id}) @fieldPolicy(keyArgs: "filter.id")`.
private struct DirectiveQuery: ApolloAPI.RootSelectionSet {
  typealias Schema = DirectiveSchema
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { Library.Query }
  static var __selections: [Selection] { [
    .field("book", BookFields<DirectiveSchema>?.self, arguments: ["id": .variable("id")], fieldPolicy: .init(keyArgs: ["id"])),
  ] }
  var book: BookFields<DirectiveSchema>? { __data["book"] }
}

private struct DirectiveListQuery: ApolloAPI.RootSelectionSet {
  typealias Schema = DirectiveSchema
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { Library.Query }
  static var __selections: [Selection] { [
    .field("books", [BookFields<DirectiveSchema>].self, arguments: ["ids": .variable("ids")], fieldPolicy: .init(keyArgs: ["ids"])),
  ] }
  var books: [BookFields<DirectiveSchema>] { __data["books"] }
}

/// `books(ids: ["1", ["2"]]) @fieldPolicy(keyArgs: "ids")`: a list holding a list.
private struct NestedListQuery: ApolloAPI.RootSelectionSet {
  typealias Schema = DirectiveSchema
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { Library.Query }
  static var __selections: [Selection] { [
    .field("books", [BookFields<DirectiveSchema>].self, arguments: ["ids": .list([.scalar("1"), .list([.scalar("2")])])],
           fieldPolicy: .init(keyArgs: ["ids"])),
  ] }
}

private struct CompositeKeyQuery: ApolloAPI.RootSelectionSet {
  typealias Schema = DirectiveSchema
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { Library.Query }
  static var __selections: [Selection] { [
    .field("edition", BookFields<DirectiveSchema>?.self, arguments: ["id": .variable("id"), "lang": "en"],
           fieldPolicy: .init(keyArgs: ["id", "lang"])),
    .field("byFilter", BookFields<DirectiveSchema>?.self, arguments: ["filter": ["id": .variable("id")]],
           fieldPolicy: .init(keyArgs: ["filter.id"])),
  ] }
  var edition: BookFields<DirectiveSchema>? { __data["edition"] }
  var byFilter: BookFields<DirectiveSchema>? { __data["byFilter"] }
}

private struct ProviderQuery: ApolloAPI.RootSelectionSet {
  typealias Schema = ProviderSchema
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { Library.Query }
  static var __selections: [Selection] { [
    .field("bookByIsbn", BookFields<ProviderSchema>?.self, arguments: ["isbn": .variable("isbn")]),
    .field("booksByIsbn", [BookFields<ProviderSchema>]?.self, arguments: ["isbns": .variable("isbns")]),
  ] }
  var bookByIsbn: BookFields<ProviderSchema>? { __data["bookByIsbn"] }
  var booksByIsbn: [BookFields<ProviderSchema>]? { __data["booksByIsbn"] }
}

final class FieldPolicyTests: XCTestCase {
  /// Records as a `books { id title }` response normalized them: `Book:1`, `Book:2`, `Book:9780`, `Book:1+en`.
  private func cache() throws -> InMemoryNormalizedCache {
    func book(_ key: String, _ title: String) -> Record {
      Record(key: key, fields: ["__typename": .value(.string("Book")), "id": .value(.string(key)), "title": .value(.string(title))])
    }
    return InMemoryNormalizedCache(records: RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: [:]),
      book("Book:1", "Dune"), book("Book:2", "Emma"), book("Book:9780", "Ulysses"), book("Book:1+en", "Dune (en)"),
    ]))
  }

  func test_keyArgsDirective_readsTheRecordTheArgumentNames_withoutTheFieldCached() throws {
    let read = try GraphQLExecutor.read(DirectiveQuery.self, withKey: "QUERY_ROOT", variables: ["id": "2"], from: cache())
    XCTAssertEqual(read.data.book?.title, "Emma")
  }

  func test_keyArgsDirective_onAListArgument_readsOneRecordPerElementInOrder() throws {
    let read = try GraphQLExecutor.read(DirectiveListQuery.self, withKey: "QUERY_ROOT", variables: ["ids": ["2", "1"]], from: cache())
    XCTAssertEqual(read.data.books.map(\.title), ["Emma", "Dune"])
  }

  func test_keyArgsDirective_joinsSeveralArgumentsWithPlus_andFollowsDottedPathsIntoInputObjects() throws {
    let read = try GraphQLExecutor.read(CompositeKeyQuery.self, withKey: "QUERY_ROOT", variables: ["id": "1"], from: cache())
    XCTAssertEqual(read.data.edition?.title, "Dune (en)")
    XCTAssertEqual(read.data.byFilter?.title, "Dune")
  }

  func test_keyArgsDirective_whenTheNamedRecordIsNotCached_isAMissAtTheField() throws {
    XCTAssertThrowsError(try GraphQLExecutor.read(DirectiveQuery.self, withKey: "QUERY_ROOT", variables: ["id": "404"], from: cache())) { error in
      XCTAssertEqual((error as? GraphQLExecutionError)?.path, ResponsePath(["book"]))
      XCTAssertTrue(GraphQLExecutor.isCacheMiss(error))
    }
  }

  func test_keyArgsDirective_whenOneListElementIsNotCached_isAMiss() throws {
    XCTAssertThrowsError(try GraphQLExecutor.read(DirectiveListQuery.self, withKey: "QUERY_ROOT", variables: ["ids": ["1", "404"]], from: cache()))
  }

  func test_keyArgsDirective_onAListHoldingAList_namesNoRecord() throws {
    // Without the rule, the scalar element alone would name `Book:1`, which is cached.
    XCTAssertThrowsError(try GraphQLExecutor.read(NestedListQuery.self, withKey: "QUERY_ROOT", from: cache())) { error in
      XCTAssertEqual((error as? GraphQLExecutionError)?.path, ResponsePath(["books"]))
    }
  }

  func test_aCachedFieldValue_winsOverTheFieldPolicy() throws {
    let cache = try cache()
    _ = try cache.merge(records: RecordSet(records: [Record(key: "QUERY_ROOT", fields: ["book(id:2)": .reference("Book:1")])]))
    let read = try GraphQLExecutor.read(DirectiveQuery.self, withKey: "QUERY_ROOT", variables: ["id": "2"], from: cache)
    XCTAssertEqual(read.data.book?.title, "Dune", "the field as the server answered it, not the policy's guess")
  }

  func test_fieldPolicyProvider_isAskedForSingleAndListFields_withVariablesSubstituted() throws {
    let read = try GraphQLExecutor.read(
      ProviderQuery.self, withKey: "QUERY_ROOT", variables: ["isbn": "97-80", "isbns": ["9780", "2"]], from: cache())
    XCTAssertEqual(read.data.bookByIsbn?.title, "Ulysses")
    XCTAssertEqual(read.data.booksByIsbn?.map(\.title), ["Ulysses", "Emma"])
  }

  func test_fieldPolicyInputData_readsScalarsObjectsAndLists() {
    let input = FieldPolicy.InputData(
      arguments: ["id": .variable("id"), "filter": ["tags": ["a", "b"], "exact": true], "missing": .variable("absent"), "none": .null],
      variables: ["id": "7"])
    XCTAssertEqual(input["id"] as? String, "7")
    let filter: FieldPolicy.InputData? = input["filter"]
    XCTAssertEqual(filter?["exact"] as? Bool, true)
    let tags: FieldPolicy.InputListData? = filter?["tags"]
    XCTAssertEqual(tags?.count, 2)
    XCTAssertEqual(tags?[1] as? String, "b")
    XCTAssertNil(tags?[2], "out of range is nil, not a crash")
    XCTAssertNil(input["missing"], "an absent variable")
    XCTAssertNil(input["none"], "an explicit null")
  }
}
