// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// Creates a review: a non-null enum variable and an input object; `reviewAdded` subscribers see it.
nonisolated public struct CreateReviewMutation: GraphQLMutation {
  public static let operationName: String = "CreateReview"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "e853fcd5e4470214ba1aa6c719702105ff10c260a84bba15ad39526982d0372a",
    definition: .init(
      #"mutation CreateReview($episode: Episode!, $review: ReviewInput!) { createReview(episode: $episode, review: $review) { stars commentary } }"#
    ))

  public var episode: GraphQLEnum<Episode>
  public var review: ReviewInput

  public init(
    episode: GraphQLEnum<Episode>,
    review: ReviewInput
  ) {
    self.episode = episode
    self.review = review
  }

  @_spi(Unsafe) public var __variables: Variables? { [
    "episode": episode,
    "review": review
  ] }

  nonisolated public struct Data: StarWarsAPI.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Mutation }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("createReview", CreateReview?.self, arguments: ["episode": .variable("episode"), "review": .variable("review")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      CreateReviewMutation.Data.self
    ] }

    public var createReview: CreateReview? { __data["createReview"] }

    public init(
      createReview: CreateReview? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": StarWarsAPI.Objects.Mutation.typename,
        "createReview": createReview._fieldData,
      ])
    }

    /// CreateReview
    ///
    /// Parent Type: `Review`
    nonisolated public struct CreateReview: StarWarsAPI.SelectionSet {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Review }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("stars", Int.self),
        .field("commentary", String?.self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        CreateReviewMutation.Data.CreateReview.self
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
