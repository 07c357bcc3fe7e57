import ApolloCore

/// `query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }`
public struct HeroNameQuery: GraphQLQuery {
  public static let operationName = "HeroName"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }"))

  public var episode: GraphQLNullable<Episode>

  public init(episode: GraphQLNullable<Episode> = nil) {
    self.episode = episode
  }

  public var __variables: Variables? { ["episode": episode] }

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let hero: Hero?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      hero = try _dataDict["hero"]
    }

    public struct Hero: SelectionSet {
      public let __data: DataDict
      public let __typename: String
      public let id: String
      public let name: String

      public init(_dataDict: DataDict) throws {
        __data = _dataDict
        __typename = try _dataDict["__typename"]
        id = try _dataDict["id"]
        name = try _dataDict["name"]
      }
    }
  }
}

/// `query HeroAndFriends($episode: Episode) { hero(episode: $episode) { __typename id name friends { __typename id name } } }`
public struct HeroAndFriendsQuery: GraphQLQuery {
  public static let operationName = "HeroAndFriends"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "query HeroAndFriends($episode: Episode) { hero(episode: $episode) { __typename id name friends { __typename id name } } }"))

  public var episode: GraphQLNullable<Episode>

  public init(episode: GraphQLNullable<Episode> = nil) {
    self.episode = episode
  }

  public var __variables: Variables? { ["episode": episode] }

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let hero: Hero?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      hero = try _dataDict["hero"]
    }

    public struct Hero: SelectionSet {
      public let __data: DataDict
      public let name: String
      public let friends: [Friend?]?

      public init(_dataDict: DataDict) throws {
        __data = _dataDict
        name = try _dataDict["name"]
        friends = try _dataDict["friends"]
      }

      public struct Friend: SelectionSet {
        public let __data: DataDict
        public let name: String

        public init(_dataDict: DataDict) throws {
          __data = _dataDict
          name = try _dataDict["name"]
        }
      }
    }
  }
}

/// `query ErrorField { hero { __typename id name } errorField }`: partial data plus a GraphQL error.
public struct ErrorFieldQuery: GraphQLQuery {
  public static let operationName = "ErrorField"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "query ErrorField { hero { __typename id name } errorField }"))

  public init() {}

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let hero: HeroNameQuery.Data.Hero?
    public let errorField: String?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      hero = try _dataDict["hero"]
      errorField = try _dataDict["errorField"]
    }
  }
}

/// `query Slow($delayMs: Int!) { slowField(delayMs: $delayMs) }`
public struct SlowQuery: GraphQLQuery {
  public static let operationName = "Slow"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "query Slow($delayMs: Int!) { slowField(delayMs: $delayMs) }"))

  public var delayMs: Int

  public init(delayMs: Int) {
    self.delayMs = delayMs
  }

  public var __variables: Variables? { ["delayMs": delayMs] }

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let slowField: String?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      slowField = try _dataDict["slowField"]
    }
  }
}

/// `query RequestHeader($name: String!) { requestHeader(name: $name) }`: echoes a request header.
public struct RequestHeaderQuery: GraphQLQuery {
  public static let operationName = "RequestHeader"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "query RequestHeader($name: String!) { requestHeader(name: $name) }"))

  public var name: String

  public init(name: String) {
    self.name = name
  }

  public var __variables: Variables? { ["name": name] }

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let requestHeader: String?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      requestHeader = try _dataDict["requestHeader"]
    }
  }
}

/// `query Me { me }`: the user behind the bearer token (on the authenticated endpoint).
public struct MeQuery: GraphQLQuery {
  public static let operationName = "Me"
  public static let operationDocument = OperationDocument(definition: OperationDefinition("query Me { me }"))

  public init() {}

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let me: String?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      me = try _dataDict["me"]
    }
  }
}

/// `query HeroDeferred` with the hero's friends in a deferred fragment.
public struct HeroDeferredQuery: GraphQLQuery {
  public typealias ResponseFormat = IncrementalDeferredResponseFormat
  public static let operationName = "HeroDeferred"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "query HeroDeferred { hero { __typename id name ... on Character @defer(label: \"friends\") { friends { __typename id name } } } }"))

  public init() {}

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let hero: Hero?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      hero = try _dataDict["hero"]
    }

    public struct Hero: SelectionSet {
      public let __data: DataDict
      public let name: String
      /// `nil` until the deferred fragment arrives.
      public let friends: [HeroAndFriendsQuery.Data.Hero.Friend?]?

      public init(_dataDict: DataDict) throws {
        __data = _dataDict
        name = try _dataDict["name"]
        friends = try _dataDict["friends"]
      }
    }
  }
}
