// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

nonisolated public struct BorrowItemMutation: GraphQLMutation {
  public static let operationName: String = "BorrowItem"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    definition: .init(
      #"mutation BorrowItem($input: BorrowInput!) { borrow(input: $input) { __typename id due item { __typename id title } } }"#
    ))

  public var input: BorrowInput

  public init(input: BorrowInput) {
    self.input = input
  }

  @_spi(Unsafe) public var __variables: Variables? { ["input": input] }

  nonisolated public struct Data: GeneratedFixturesV2.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Mutation }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("borrow", Borrow.self, arguments: ["input": .variable("input")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      BorrowItemMutation.Data.self
    ] }

    public var borrow: Borrow { __data["borrow"] }

    public init(
      borrow: Borrow
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV2.Objects.Mutation.typename,
        "borrow": borrow._fieldData,
      ])
    }

    /// Borrow
    ///
    /// Parent Type: `Loan`
    nonisolated public struct Borrow: GeneratedFixturesV2.SelectionSet, Identifiable {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Loan }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("id", GeneratedFixturesV2.ID.self),
        .field("due", GeneratedFixturesV2.CalendarDate.self),
        .field("item", Item.self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        BorrowItemMutation.Data.Borrow.self
      ] }

      public var id: GeneratedFixturesV2.ID { __data["id"] }
      public var due: GeneratedFixturesV2.CalendarDate { __data["due"] }
      public var item: Item { __data["item"] }

      public init(
        id: GeneratedFixturesV2.ID,
        due: GeneratedFixturesV2.CalendarDate,
        item: Item
      ) {
        self.init(unsafelyWithData: [
          "__typename": GeneratedFixturesV2.Objects.Loan.typename,
          "id": id,
          "due": due,
          "item": item._fieldData,
        ])
      }

      /// Borrow.Item
      ///
      /// Parent Type: `CatalogItem`
      nonisolated public struct Item: GeneratedFixturesV2.SelectionSet, Identifiable {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Interfaces.CatalogItem }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("__typename", String.self),
          .field("id", GeneratedFixturesV2.ID.self),
          .field("title", String.self),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          BorrowItemMutation.Data.Borrow.Item.self
        ] }

        public var id: GeneratedFixturesV2.ID { __data["id"] }
        public var title: String { __data["title"] }

        public init(
          __typename: String,
          id: GeneratedFixturesV2.ID,
          title: String
        ) {
          self.init(unsafelyWithData: [
            "__typename": __typename,
            "id": id,
            "title": title,
          ])
        }
      }
    }
  }
}
