// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// The hero's friends now and each friend's own friends in a later payload: a labelled `@defer` inline fragment on
/// every item of a list, so each increment arrives at a path through a list.
nonisolated public struct HeroFriendsDeferredQuery: GraphQLQuery {
  public static let operationName: String = "HeroFriendsDeferred"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "d993db01c90c268dffbc6a78ef436ac8808bed27523a2b147b914adb7cecdc35",
    definition: .init(
      #"query HeroFriendsDeferred { hero { __typename id friends { __typename id ... on Character @defer(label: "more") { friends { __typename id } } } } }"#
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
      HeroFriendsDeferredQuery.Data.self
    ] }

    public var hero: Hero? { __data["hero"] }

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
        .field("friends", [Friend?]?.self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        HeroFriendsDeferredQuery.Data.Hero.self
      ] }

      public var id: StarWarsAPI.ID { __data["id"] }
      public var friends: [Friend?]? { __data["friends"] }

      /// Hero.Friend
      ///
      /// Parent Type: `Character`
      nonisolated public struct Friend: StarWarsAPI.SelectionSet {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("__typename", String.self),
          .field("id", StarWarsAPI.ID.self),
          .deferred(More.self, label: "more"),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          HeroFriendsDeferredQuery.Data.Hero.Friend.self
        ] }
        @_spi(Execution) public static var __deferredFragments: [any ApolloAPI.Deferrable.Type] { [
          HeroFriendsDeferredQuery.Data.Hero.Friend.More.self
        ] }

        public var id: StarWarsAPI.ID { __data["id"] }

        public struct Fragments: FragmentContainer {
          @_spi(Unsafe) public let __data: DataDict
          @_spi(Unsafe) public init(_dataDict: DataDict) {
            __data = _dataDict
            _more = Deferred(_dataDict: _dataDict)
          }

          @Deferred public var more: More?
        }

        /// Hero.Friend.More
        ///
        /// Parent Type: `Character`
        nonisolated public struct More: StarWarsAPI.InlineFragment {
          @_spi(Unsafe) public let __data: DataDict
          @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

          public typealias RootEntityType = HeroFriendsDeferredQuery.Data.Hero.Friend
          @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
          @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
            .field("friends", [Friend?]?.self),
          ] }
          @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
            HeroFriendsDeferredQuery.Data.Hero.Friend.self,
            HeroFriendsDeferredQuery.Data.Hero.Friend.More.self
          ] }

          public var friends: [Friend?]? { __data["friends"] }
          public var id: StarWarsAPI.ID { __data["id"] }

          /// Hero.Friend.More.Friend
          ///
          /// Parent Type: `Character`
          nonisolated public struct Friend: StarWarsAPI.SelectionSet {
            @_spi(Unsafe) public let __data: DataDict
            @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

            @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
            @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
              .field("__typename", String.self),
              .field("id", StarWarsAPI.ID.self),
            ] }
            @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
              HeroFriendsDeferredQuery.Data.Hero.Friend.More.Friend.self
            ] }

            public var id: StarWarsAPI.ID { __data["id"] }
          }
        }
      }
    }
  }

  // MARK: - Deferred Fragment Metadata

  public typealias ResponseFormat = IncrementalDeferredResponseFormat
  enum DeferredFragmentIdentifiers {
    static let more = DeferredFragmentIdentifier(label: "more", fieldPath: ["hero", "friends"])
  }

  public static let responseFormat: ResponseFormat = IncrementalDeferredResponseFormat(
    deferredFragments: [
      DeferredFragmentIdentifiers.more: Data.Hero.Friend.More.self,
    ]
  )
}
