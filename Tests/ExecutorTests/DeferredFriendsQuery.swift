@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore

// An operation with a `@defer` fragment on every item of a list, selecting an object and a scalar, for the tests of
// reading such responses (DeferredListItemTests, IncrementalExecutionTests).

/// `query Friends { hero { __typename friends { __typename id ... @defer(label: "d") { best { __typename name } since } } } }`
struct DeferredFriendsQuery: GraphQLQuery {
  static let operationName = "Friends"
  static let operationDocument = OperationDocument(definition: OperationDefinition(
    #"query Friends { hero { __typename friends { __typename id ... @defer(label: "d") { best { __typename name } since } } } }"#))
  typealias ResponseFormat = IncrementalDeferredResponseFormat
  static let responseFormat = IncrementalDeferredResponseFormat(deferredFragments: [
    DeferredFragmentIdentifier(label: "d", fieldPath: ["hero", "friends"]): Data.Hero.Friend.Details.self,
  ])

  struct Data: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestObjects.Query }
    static var __selections: [Selection] { [.field("hero", Hero.self)] }
    var hero: Hero { __data["hero"] }

    struct Hero: TestSelectionSet {
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [.field("__typename", String.self), .field("friends", [Friend?].self)] }
      var friends: [Friend?] { __data["friends"] }

      struct Friend: TestSelectionSet {
        let __data: DataDict
        init(_dataDict: DataDict) { __data = _dataDict }
        static var __parentType: any ParentType { TestInterfaces.Character }
        static var __selections: [Selection] { [
          .field("__typename", String.self), .field("id", String.self), .deferred(Details.self, label: "d"),
        ] }
        static var __deferredFragments: [any Deferrable.Type] { [Details.self] }
        var id: String { __data["id"] }
        var details: Details? { Deferred<Details>(_dataDict: __data).wrappedValue }

        struct Details: TestInlineFragment {
          typealias RootEntityType = Friend
          let __data: DataDict
          init(_dataDict: DataDict) { __data = _dataDict }
          static var __parentType: any ParentType { TestInterfaces.Character }
          static var __selections: [Selection] { [.field("best", Best.self), .field("since", String.self)] }
          var best: Best { __data["best"] }

          struct Best: TestSelectionSet {
            let __data: DataDict
            init(_dataDict: DataDict) { __data = _dataDict }
            static var __parentType: any ParentType { TestInterfaces.Character }
            static var __selections: [Selection] { [.field("__typename", String.self), .field("name", String.self)] }
            var name: String { __data["name"] }
          }
        }
      }
    }
  }
}
