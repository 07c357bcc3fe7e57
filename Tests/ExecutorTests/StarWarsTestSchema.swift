@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI

// A small schema in the shape code generation emits, for the executor tests: `Character` is an
// interface of `Human` and `Droid`; `SearchResult` a union of them and `Starship`; `Hero` a type with
// key fields; `Animal` an interface with key fields that an unknown type may implement.

enum TestObjects {
  static let Query = Object(typename: "Query", implementedInterfaces: [])
  static let Human = Object(typename: "Human", implementedInterfaces: [TestInterfaces.Character], keyFields: nil)
  static let Droid = Object(typename: "Droid", implementedInterfaces: [TestInterfaces.Character], keyFields: nil)
  static let Starship = Object(typename: "Starship", implementedInterfaces: [])
  static let Hero = Object(typename: "Hero", implementedInterfaces: [], keyFields: ["name"])
  static let Dog = Object(typename: "Dog", implementedInterfaces: [], keyFields: ["id", "species"])
}

enum TestInterfaces {
  static let Character = Interface(name: "Character", implementingObjects: ["Human", "Droid", "Wookiee"])
  static let Animal = Interface(name: "Animal", keyFields: ["name"], implementingObjects: ["Hero", "Dog"])
}

enum TestUnions {
  static let SearchResult = Union(name: "SearchResult", possibleTypes: [TestObjects.Human, TestObjects.Droid, TestObjects.Starship])
}

enum TestSchema: SchemaMetadata {
  static let configuration: any SchemaConfiguration.Type = TestSchemaConfiguration.self

  static func objectType(forTypename typename: String) -> Object? {
    switch typename {
    case "Query": return TestObjects.Query
    case "Human": return TestObjects.Human
    case "Droid": return TestObjects.Droid
    case "Starship": return TestObjects.Starship
    case "Hero": return TestObjects.Hero
    case "Dog": return TestObjects.Dog
    default: return nil
    }
  }
}

/// Keys objects by `id` only inside `TestSchemaConfiguration.$keysByID.withValue(true)`.
enum TestSchemaConfiguration: SchemaConfiguration {
  @TaskLocal static var keysByID = false

  static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo? {
    guard keysByID, type != TestObjects.Dog else { return nil }
    return try? CacheKeyInfo(jsonValue: object["id"])
  }
}

protocol TestSelectionSet: ApolloAPI.SelectionSet & ApolloAPI.RootSelectionSet where Schema == TestSchema {}
protocol TestInlineFragment: ApolloAPI.SelectionSet & ApolloAPI.InlineFragment where Schema == TestSchema {}

/// A custom scalar edited by the app into a struct: it keeps whatever JSON it was given.
struct RawScalar: CustomScalarType, Hashable {
  let raw: String
  init(_jsonValue value: JSONValue) throws { raw = String(describing: value) }
  var _jsonValue: JSONValue { raw }
}

enum Episode: String, EnumType {
  case NEWHOPE, EMPIRE, JEDI
}

/// A root `Query` selection set whose selections a test chooses.
struct QueryData<Selections: SelectionList>: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { Selections.selections }
}

/// An entity selection set (declared on `Character`) whose selections a test chooses.
struct CharacterData<Selections: SelectionList>: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestInterfaces.Character }
  static var __selections: [Selection] { Selections.selections }
}

/// The selections of a test's selection set, as a type so that each test gets selection-set types
/// of its own.
protocol SelectionList: Sendable {
  static var selections: [Selection] { get }
}
