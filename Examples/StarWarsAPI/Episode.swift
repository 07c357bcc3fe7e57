import ApolloCore

/// The films of the original trilogy.
public enum Episode: String, GraphQLEnumValue, CaseIterable, Hashable, JSONDecodable {
  case NEWHOPE
  case EMPIRE
  case JEDI

  public init(jsonValue value: JSONValue, path: [String]) throws {
    guard let raw = value.stringValue, let episode = Episode(rawValue: raw) else {
      throw JSONDecodingError(kind: .wrongType(expected: "Episode", found: value.typeName), path: path)
    }
    self = episode
  }
}

/// A review as sent to `createReview`.
public struct ReviewInput: InputObject, Hashable {
  public var stars: Int
  public var commentary: String?

  public init(stars: Int, commentary: String? = nil) {
    self.stars = stars
    self.commentary = commentary
  }

  public var __data: JSONObject {
    var object: JSONObject = ["stars": .int(stars)]
    if let commentary { object["commentary"] = .string(commentary) }
    return object
  }
}
