// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// Every review created after subscribing (`CreateReviewMutation` triggers one).
nonisolated public struct ReviewAddedSubscription: GraphQLSubscription {
  public static let operationName: String = "ReviewAdded"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "117fc713d4bcd1d4a264f0b8709d63f02af6b21ac819e6f18b1db7a28b9c0a32",
    definition: .init(
      #"subscription ReviewAdded { reviewAdded { stars commentary } }"#
    ))

  public init() {}

  nonisolated public struct Data: StarWarsAPI.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Subscription }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("reviewAdded", ReviewAdded?.self),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      ReviewAddedSubscription.Data.self
    ] }

    public var reviewAdded: ReviewAdded? { __data["reviewAdded"] }

    public init(
      reviewAdded: ReviewAdded? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": StarWarsAPI.Objects.Subscription.typename,
        "reviewAdded": reviewAdded._fieldData,
      ])
    }

    /// ReviewAdded
    ///
    /// Parent Type: `Review`
    nonisolated public struct ReviewAdded: StarWarsAPI.SelectionSet {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Review }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("stars", Int.self),
        .field("commentary", String?.self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        ReviewAddedSubscription.Data.ReviewAdded.self
      ] }

      public var stars: Int { __data["stars"] }
      public var commentary: String? { __data["commentary"] }

      public init(
        stars: Int,
        commentary: String? = nil
      ) {
        self.init(unsafelyWithData: [
          "__typename": StarWarsAPI.Objects.Review.typename,
          "stars": stars,
          "commentary": commentary,
        ])
      }
    }
  }
}
