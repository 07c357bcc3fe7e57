import Foundation
@_spi(Execution) import ApolloAPI

// Test-local schema pieces: only what the tests need, shaped like generated code.

/// The ids of selection-set types, as a `DataDict` holds them.
func ids(_ types: any ApolloAPI.SelectionSet.Type...) -> Set<ObjectIdentifier> {
  Set(types.map { ObjectIdentifier($0) })
}

/// Hands plain Swift values to `ObjectData` and `ListData` the way an execution source does: a `Bool`
/// stays a `Bool`, an `Int` stays an `Int`.
struct PlainObjectDataTransformer: _ObjectData_Transformer {
  func transform(_ value: Any) -> (any ScalarType)? {
    switch value {
    case let value as Bool: return value
    case let value as Int: return value
    case let value as Double: return value
    case let value as String: return value
    default: return nil
    }
  }

  func transform(_ value: Any) -> ObjectData? {
    guard let object = value as? [String: Any] else { return nil }
    return ObjectData(_transformer: self, _rawData: object)
  }

  func transform(_ value: Any) -> ListData? {
    guard let list = value as? [Any] else { return nil }
    return ListData(_transformer: self, _rawData: list)
  }
}

/// A response object as `SchemaConfiguration` sees it.
func objectData(_ fields: [String: Any]) -> ObjectData {
  ObjectData(_transformer: PlainObjectDataTransformer(), _rawData: fields)
}

/// Object and interface types of the test schemas.
enum TestTypes {
  static let Person = Object(typename: "Person", implementedInterfaces: [], keyFields: nil)
  static let Animal = Interface(name: "Animal", keyFields: ["id"], implementingObjects: ["Cat", "Dog"])
  static let Dog = Object(typename: "Dog", implementedInterfaces: [Animal], keyFields: ["id", "species"])
  static let Cat = Object(typename: "Cat", implementedInterfaces: [Animal], keyFields: nil)
  static let Hero = Object(typename: "Hero", implementedInterfaces: [], keyFields: ["name"])
  static let Omega = Object(typename: "Omega", implementedInterfaces: [], keyFields: nil)

  static let all = [Person, Dog, Cat, Hero, Omega]

  static func objectType(forTypename typename: String) -> Object? {
    all.first { $0.typename == typename }
  }
}

/// A schema whose configuration gives no cache key info: only key fields make keys.
enum KeyFieldSchema: SchemaMetadata {
  enum Configuration: SchemaConfiguration {
    static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo? { nil }
  }

  static let configuration: any SchemaConfiguration.Type = Configuration.self
  static func objectType(forTypename typename: String) -> Object? { TestTypes.objectType(forTypename: typename) }
}

/// A schema whose configuration keys every object by its `id`, as the common app edit does.
enum IDSchema: SchemaMetadata {
  enum Configuration: SchemaConfiguration {
    static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo? {
      try? CacheKeyInfo(jsonValue: object["id"])
    }
  }

  static let configuration: any SchemaConfiguration.Type = Configuration.self
  static func objectType(forTypename typename: String) -> Object? { TestTypes.objectType(forTypename: typename) }
}

/// A schema whose configuration puts ids in one group shared by several types.
enum GroupedSchema: SchemaMetadata {
  enum Configuration: SchemaConfiguration {
    static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo? {
      try? CacheKeyInfo(jsonValue: object["letter"], uniqueKeyGroup: "GreekLetters")
    }
  }

  static let configuration: any SchemaConfiguration.Type = Configuration.self
  static func objectType(forTypename typename: String) -> Object? { TestTypes.objectType(forTypename: typename) }
}

/// A hand-written entity with every accessor shape generated code uses.
struct Person: RootSelectionSet {
  typealias Schema = KeyFieldSchema

  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }

  static var __parentType: any ParentType { TestTypes.Person }
  static var __selections: [Selection] { [
    .field("__typename", String.self),
    .field("name", String.self),
    .field("nickname", String?.self),
    .field("bestFriend", Person.self),
    .field("friend", Person?.self),
    .field("friends", [Person].self),
    .field("friendGroups", [[Person?]?]?.self),
    .field("scores", [[Int?]?].self),
    .field("aliases", [String].self),
  ] }

  var name: String { __data["name"] }
  var nickname: String? { __data["nickname"] }
  var bestFriend: Person { __data["bestFriend"] }
  var friend: Person? { __data["friend"] }
  var friends: [Person] { __data["friends"] }
  var friendGroups: [[Person?]?]? { __data["friendGroups"] }
  var scores: [[Int?]?] { __data["scores"] }
  var aliases: [String] { __data["aliases"] }

  /// A person over `fields`, fulfilling only itself, as the executor builds it.
  static func make(_ fields: [String: DataDict.FieldValue]) -> Person {
    Person(_dataDict: DataDict(data: fields, fulfilledFragments: ids(Person.self)))
  }

  /// The stored form of a person named `name`.
  static func data(_ name: String) -> DataDict {
    make(["__typename": "Person", "name": name]).__data
  }
}
