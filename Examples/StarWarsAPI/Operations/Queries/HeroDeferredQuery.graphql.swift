// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// The hero now and the hero's friends in a later payload: a labelled `@defer` inline fragment.
nonisolated public struct HeroDeferredQuery: GraphQLQuery {
  public static let operationName: String = "HeroDeferred"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "ca38af925391cb170a4ded1686a685afe325c06618d558ffaf73b6538aec6a52",
    definition: .init(
      #"query HeroDeferred { hero { __typename id name ... on Character @defer(label: "friends") { friends { __typename id name } } } }"#
    ))

  public init() {}

  nonisolated public struct Data: StarWarsAPI.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Query }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("hero", Hero?.self),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      HeroDeferredQuery.Data.self
    ] }

    public var hero: Hero? { __data["hero"] }

    public init(
      hero: Hero? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": StarWarsAPI.Objects.Query.typename,
        "hero": hero._fieldData,
      ])
    }

    /// Hero
    ///
    /// Parent Type: `Character`
    nonisolated public struct Hero: StarWarsAPI.SelectionSet {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("id", StarWarsAPI.ID.self),
        .field("name", String.self),
        .deferred(Friends.self, label: "friends"),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        HeroDeferredQuery.Data.Hero.self
      ] }
      @_spi(Execution) public static var __deferredFragments: [any ApolloAPI.Deferrable.Type] { [
        HeroDeferredQuery.Data.Hero.Friends.self
      ] }

      public var id: StarWarsAPI.ID { __data["id"] }
      public var name: String { __data["name"] }

      public struct Fragments: FragmentContainer {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) {
          __data = _dataDict
          _friends = Deferred(_dataDict: _dataDict)
        }

        @Deferred public var friends: Friends?
      }

      public init(
        __typename: String,
        id: StarWarsAPI.ID,
        name: String
      ) {
        self.init(unsafelyWithData: [
          "__typename": __typename,
          "id": id,
          "name": name,
        ])
      }

      /// Hero.Friends
      ///
      /// Parent Type: `Character`
      nonisolated public struct Friends: StarWarsAPI.InlineFragment {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = HeroDeferredQuery.Data.Hero
        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("friends", [Friend?]?.self),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          HeroDeferredQuery.Data.Hero.self,
          HeroDeferredQuery.Data.Hero.Friends.self
        ] }

        public var friends: [Friend?]? { __data["friends"] }
        public var id: StarWarsAPI.ID { __data["id"] }
        public var name: String { __data["name"] }

        public init(
          __typename: String,
          friends: [Friend?]? = nil,
          id: StarWarsAPI.ID,
          name: String
        ) {
          self.init(unsafelyWithData: [
            "__typename": __typename,
            "friends": friends._fieldData,
            "id": id,
            "name": name,
          ])
        }

        /// Hero.Friends.Friend
        ///
        /// Parent Type: `Character`
        nonisolated public struct Friend: StarWarsAPI.SelectionSet {
          @_spi(Unsafe) public let __data: DataDict
          @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

          @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
          @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
            .field("__typename", String.self),
            .field("id", StarWarsAPI.ID.self),
            .field("name", String.self),
          ] }
          @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
            HeroDeferredQuery.Data.Hero.Friends.Friend.self
          ] }

          public var id: StarWarsAPI.ID { __data["id"] }
          public var name: String { __data["name"] }

          public init(
            __typename: String,
            id: StarWarsAPI.ID,
            name: String
          ) {
            self.init(unsafelyWithData: [
              "__typename": __typename,
              "id": id,
              "name": name,
            ])
          }
        }
      }
    }
  }

  // MARK: - Deferred Fragment Metadata

  public typealias ResponseFormat = IncrementalDeferredResponseFormat
  enum DeferredFragmentIdentifiers {
    static let friends = DeferredFragmentIdentifier(label: "friends", fieldPath: ["hero"])
  }

  public static let responseFormat: ResponseFormat = IncrementalDeferredResponseFormat(
    deferredFragments: [
      DeferredFragmentIdentifiers.friends: Data.Hero.Friends.self,
    ]
  )
}
