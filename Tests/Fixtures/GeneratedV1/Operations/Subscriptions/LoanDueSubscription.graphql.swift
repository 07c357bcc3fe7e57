// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI

public class LoanDueSubscription: GraphQLSubscription {
  public static let operationName: String = "LoanDue"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    definition: .init(
      #"subscription LoanDue($cardNumber: String!) { loanDue(cardNumber: $cardNumber) { __typename id due } }"#
    ))

  public var cardNumber: String

  public init(cardNumber: String) {
    self.cardNumber = cardNumber
  }

  public var __variables: Variables? { ["cardNumber": cardNumber] }

  public struct Data: GeneratedFixturesV1.SelectionSet {
    public let __data: DataDict
    public init(_dataDict: DataDict) { __data = _dataDict }

    public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Subscription }
    public static var __selections: [ApolloAPI.Selection] { [
      .field("loanDue", LoanDue.self, arguments: ["cardNumber": .variable("cardNumber")]),
    ] }
    public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      LoanDueSubscription.Data.self
    ] }

    public var loanDue: LoanDue { __data["loanDue"] }

    public init(
      loanDue: LoanDue
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV1.Objects.Subscription.typename,
        "loanDue": loanDue._fieldData,
      ])
    }

    /// LoanDue
    ///
    /// Parent Type: `Loan`
    public struct LoanDue: GeneratedFixturesV1.SelectionSet, Identifiable {
      public let __data: DataDict
      public init(_dataDict: DataDict) { __data = _dataDict }

      public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Loan }
      public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("id", GeneratedFixturesV1.ID.self),
        .field("due", GeneratedFixturesV1.CalendarDate.self),
      ] }
      public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        LoanDueSubscription.Data.LoanDue.self
      ] }

      public var id: GeneratedFixturesV1.ID { __data["id"] }
      public var due: GeneratedFixturesV1.CalendarDate { __data["due"] }

      public init(
        id: GeneratedFixturesV1.ID,
        due: GeneratedFixturesV1.CalendarDate
      ) {
        self.init(unsafelyWithData: [
          "__typename": GeneratedFixturesV1.Objects.Loan.typename,
          "id": id,
          "due": due,
        ])
      }
    }
  }
}
