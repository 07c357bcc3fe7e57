import ApolloLegacyRuntime
import Foundation

// Selection sets in the shape 0.33's code generator prints them (API.swift), trimmed to what the executor tests
// read: an enum, a variable argument, a nested list, a type case, a conditional fragment and an input object.

enum Episode: RawRepresentable, Equatable, Hashable, CaseIterable, JSONDecodable, JSONEncodable {
  typealias RawValue = String
  case newhope
  case empire
  case jedi
  case __unknown(RawValue)

  init?(rawValue: RawValue) {
    switch rawValue {
    case "NEWHOPE": self = .newhope
    case "EMPIRE": self = .empire
    case "JEDI": self = .jedi
    default: self = .__unknown(rawValue)
    }
  }

  var rawValue: RawValue {
    switch self {
    case .newhope: return "NEWHOPE"
    case .empire: return "EMPIRE"
    case .jedi: return "JEDI"
    case .__unknown(let value): return value
    }
  }

  static var allCases: [Episode] { [.newhope, .empire, .jedi] }
}

struct ReviewInput: GraphQLMapConvertible {
  var graphQLMap: GraphQLMap

  init(stars: Int, commentary: Swift.Optional<String?> = nil) {
    graphQLMap = ["stars": stars, "commentary": commentary]
  }
}

/// `hero(episode: $episode) { __typename name friends { __typename name } }`
struct HeroAndFriendsNamesData: GraphQLSelectionSet {
  static let possibleTypes: [String] = ["Query"]
  static var selections: [GraphQLSelection] {
    [GraphQLField("hero", arguments: ["episode": GraphQLVariable("episode")], type: .object(Hero.selections))]
  }

  private(set) var resultMap: ResultMap
  init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }

  var hero: Hero? {
    get { (resultMap["hero"] as? ResultMap).flatMap { Hero(unsafeResultMap: $0) } }
    set { resultMap.updateValue(newValue?.resultMap, forKey: "hero") }
  }

  struct Hero: GraphQLSelectionSet {
    static let possibleTypes: [String] = ["Human", "Droid"]
    static var selections: [GraphQLSelection] {
      [
        GraphQLField("__typename", type: .nonNull(.scalar(String.self))),
        GraphQLField("name", type: .nonNull(.scalar(String.self))),
        GraphQLField("friends", type: .list(.object(Friend.selections))),
      ]
    }

    private(set) var resultMap: ResultMap
    init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }

    var name: String {
      get { resultMap["name"]! as! String }
      set { resultMap.updateValue(newValue, forKey: "name") }
    }
    var friends: [Friend?]? {
      (resultMap["friends"] as? [ResultMap?]).map { $0.map { $0.map { Friend(unsafeResultMap: $0) } } }
    }

    struct Friend: GraphQLSelectionSet {
      static let possibleTypes: [String] = ["Human", "Droid"]
      static var selections: [GraphQLSelection] {
        [
          GraphQLField("__typename", type: .nonNull(.scalar(String.self))),
          GraphQLField("name", type: .nonNull(.scalar(String.self))),
        ]
      }

      private(set) var resultMap: ResultMap
      init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }

      var name: String { resultMap["name"]! as! String }
    }
  }
}

/// `hero { __typename ...HeroDetails @include(if: $includeDetails) }` with `HeroDetails` on `Character`
/// selecting `name` and, on `Droid`, `primaryFunction`, as the code generator inlines it into a type case.
struct HeroDetailsConditionalData: GraphQLSelectionSet {
  static let possibleTypes: [String] = ["Query"]
  static var selections: [GraphQLSelection] { [GraphQLField("hero", type: .object(Hero.selections))] }

  private(set) var resultMap: ResultMap
  init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }

  var hero: Hero? { (resultMap["hero"] as? ResultMap).flatMap { Hero(unsafeResultMap: $0) } }

  struct Hero: GraphQLSelectionSet {
    static let possibleTypes: [String] = ["Human", "Droid"]
    static var selections: [GraphQLSelection] {
      [
        GraphQLTypeCase(
          variants: ["Droid": AsDroid.selections],
          default: [
            GraphQLField("__typename", type: .nonNull(.scalar(String.self))),
            GraphQLBooleanCondition(variableName: "includeDetails", inverted: false, selections: [
              GraphQLField("name", type: .nonNull(.scalar(String.self))),
            ]),
          ])
      ]
    }

    private(set) var resultMap: ResultMap
    init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }

    var name: String? { resultMap["name"] as? String }
    var primaryFunction: String? { resultMap["primaryFunction"] as? String }

    struct AsDroid: GraphQLSelectionSet {
      static let possibleTypes: [String] = ["Droid"]
      static var selections: [GraphQLSelection] {
        [
          GraphQLField("__typename", type: .nonNull(.scalar(String.self))),
          GraphQLBooleanCondition(variableName: "includeDetails", inverted: false, selections: [
            GraphQLField("name", type: .nonNull(.scalar(String.self))),
            GraphQLField("primaryFunction", type: .scalar(String.self)),
          ]),
        ]
      }

      private(set) var resultMap: ResultMap
      init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }
    }
  }
}

/// `hero(episode: JEDI) { appearsIn }` and `reviews(input: $review, ids: ["a", "b"]) { stars }`: literal, enum,
/// list and input-object arguments.
struct ArgumentsData: GraphQLSelectionSet {
  static let possibleTypes: [String] = ["Query"]
  static var selections: [GraphQLSelection] {
    [
      GraphQLField("hero", arguments: ["episode": "JEDI"], type: .object(Hero.selections)),
      GraphQLField("reviews", arguments: ["input": GraphQLVariable("review"), "ids": ["a", "b"]], type: .list(.object(Review.selections))),
    ]
  }

  private(set) var resultMap: ResultMap
  init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }

  struct Hero: GraphQLSelectionSet {
    static var selections: [GraphQLSelection] { [GraphQLField("appearsIn", type: .nonNull(.list(.scalar(Episode.self))))] }
    private(set) var resultMap: ResultMap
    init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }
    var appearsIn: [Episode?] { resultMap["appearsIn"]! as! [Episode?] }
  }

  struct Review: GraphQLSelectionSet {
    static var selections: [GraphQLSelection] { [GraphQLField("stars", type: .nonNull(.scalar(Int.self)))] }
    private(set) var resultMap: ResultMap
    init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }
  }
}

/// A 0.x generated subscription over the hero selections.
final class HeroChangedSubscription: GraphQLSubscription {
  let operationDefinition: String =
    "subscription HeroChanged($episode: Episode) { hero(episode: $episode) { __typename name friends { __typename name } } }"
  let operationName: String = "HeroChanged"
  var variables: GraphQLMap? { ["episode": Episode.jedi] }
  typealias Data = HeroAndFriendsNamesData
}
