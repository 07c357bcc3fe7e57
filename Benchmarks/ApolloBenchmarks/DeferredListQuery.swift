// A query with a `@defer` fragment on every item of a list, written in the generated shape (the benchmark's own; the
// app's operations live in Examples/StarWarsAPI), for the `linearity` section's deferred figure:
//
//   query DeferredList { hero { __typename id friends { __typename id
//     ... on Character @defer(label: "more") { friends { __typename id } } } } }
@_spi(Execution) @_spi(Unsafe) import ApolloAPI
import StarWarsAPI

nonisolated struct DeferredListQuery: GraphQLQuery {
  static let operationName: String = "DeferredList"
  static let operationDocument: ApolloAPI.OperationDocument = .init(definition: .init(
    #"query DeferredList { hero { __typename id friends { __typename id ... on Character @defer(label: "more") { friends { __typename id } } } } }"#))

  struct Data: StarWarsAPI.SelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Query }
    static var __selections: [ApolloAPI.Selection] { [.field("hero", Hero?.self)] }
    var hero: Hero? { __data["hero"] }

    struct Hero: StarWarsAPI.SelectionSet {
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
      static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self), .field("id", StarWarsAPI.ID.self), .field("friends", [Friend?]?.self),
      ] }
      var friends: [Friend?]? { __data["friends"] }

      struct Friend: StarWarsAPI.SelectionSet {
        let __data: DataDict
        init(_dataDict: DataDict) { __data = _dataDict }
        static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
        static var __selections: [ApolloAPI.Selection] { [
          .field("__typename", String.self), .field("id", StarWarsAPI.ID.self), .deferred(More.self, label: "more"),
        ] }
        static var __deferredFragments: [any ApolloAPI.Deferrable.Type] { [More.self] }

        struct More: StarWarsAPI.InlineFragment {
          let __data: DataDict
          init(_dataDict: DataDict) { __data = _dataDict }
          typealias RootEntityType = DeferredListQuery.Data.Hero.Friend
          static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
          static var __selections: [ApolloAPI.Selection] { [.field("friends", [Inner?]?.self)] }
          static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [Friend.self, More.self] }

          struct Inner: StarWarsAPI.SelectionSet {
            let __data: DataDict
            init(_dataDict: DataDict) { __data = _dataDict }
            static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
            static var __selections: [ApolloAPI.Selection] { [
              .field("__typename", String.self), .field("id", StarWarsAPI.ID.self),
            ] }
          }
        }
      }
    }
  }

  typealias ResponseFormat = IncrementalDeferredResponseFormat
  static let responseFormat = IncrementalDeferredResponseFormat(deferredFragments: [
    DeferredFragmentIdentifier(label: "more", fieldPath: ["hero", "friends"]): Data.Hero.Friend.More.self,
  ])
}
