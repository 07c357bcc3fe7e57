// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI

public class BorrowItemMutation: GraphQLMutation {
  public static let operationName: String = "BorrowItem"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    definition: .init(
      #"mutation BorrowItem($input: BorrowInput!) { borrow(input: $input) { __typename id due item { __typename id title } } }"#
    ))

  public var input: BorrowInput

  public init(input: BorrowInput) {
    self.input = input
  }

  public var __variables: Variables? { ["input": input] }

  public struct Data: GeneratedFixturesV1.SelectionSet {
    public let __data: DataDict
    public init(_dataDict: DataDict) { __data = _dataDict }

    public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Mutation }
    public static var __selections: [ApolloAPI.Selection] { [
      .field("borrow", Borrow.self, arguments: ["input": .variable("input")]),
    ] }
    public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      BorrowItemMutation.Data.self
    ] }

    public var borrow: Borrow { __data["borrow"] }

    public init(
      borrow: Borrow
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV1.Objects.Mutation.typename,
        "borrow": borrow._fieldData,
      ])
    }

    /// Borrow
    ///
    /// Parent Type: `Loan`
    public struct Borrow: GeneratedFixturesV1.SelectionSet, Identifiable {
      public let __data: DataDict
      public init(_dataDict: DataDict) { __data = _dataDict }

      public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Loan }
      public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("id", GeneratedFixturesV1.ID.self),
        .field("due", GeneratedFixturesV1.CalendarDate.self),
        .field("item", Item.self),
      ] }
      public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        BorrowItemMutation.Data.Borrow.self
      ] }

      public var id: GeneratedFixturesV1.ID { __data["id"] }
      public var due: GeneratedFixturesV1.CalendarDate { __data["due"] }
      public var item: Item { __data["item"] }

      public init(
        id: GeneratedFixturesV1.ID,
        due: GeneratedFixturesV1.CalendarDate,
        item: Item
      ) {
        self.init(unsafelyWithData: [
          "__typename": GeneratedFixturesV1.Objects.Loan.typename,
          "id": id,
          "due": due,
          "item": item._fieldData,
        ])
      }

      /// Borrow.Item
      ///
      /// Parent Type: `CatalogItem`
      public struct Item: GeneratedFixturesV1.SelectionSet, Identifiable {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Interfaces.CatalogItem }
        public static var __selections: [ApolloAPI.Selection] { [
          .field("__typename", String.self),
          .field("id", GeneratedFixturesV1.ID.self),
          .field("title", String.self),
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          BorrowItemMutation.Data.Borrow.Item.self
        ] }

        public var id: GeneratedFixturesV1.ID { __data["id"] }
        public var title: String { __data["title"] }

        public init(
          __typename: String,
          id: GeneratedFixturesV1.ID,
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
