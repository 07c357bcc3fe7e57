// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

nonisolated public struct LoanDueSubscription: GraphQLSubscription {
  public static let operationName: String = "LoanDue"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    definition: .init(
      #"subscription LoanDue($cardNumber: String!) { loanDue(cardNumber: $cardNumber) { __typename id due } }"#
    ))

  public var cardNumber: String

  public init(cardNumber: String) {
    self.cardNumber = cardNumber
  }

  @_spi(Unsafe) public var __variables: Variables? { ["cardNumber": cardNumber] }

  nonisolated public struct Data: GeneratedFixturesV2.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Subscription }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("loanDue", LoanDue.self, arguments: ["cardNumber": .variable("cardNumber")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      LoanDueSubscription.Data.self
    ] }

    public var loanDue: LoanDue { __data["loanDue"] }

    public init(
      loanDue: LoanDue
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV2.Objects.Subscription.typename,
        "loanDue": loanDue._fieldData,
      ])
    }

    /// LoanDue
    ///
    /// Parent Type: `Loan`
    nonisolated public struct LoanDue: GeneratedFixturesV2.SelectionSet, Identifiable {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Loan }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("id", GeneratedFixturesV2.ID.self),
        .field("due", GeneratedFixturesV2.CalendarDate.self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        LoanDueSubscription.Data.LoanDue.self
      ] }

      public var id: GeneratedFixturesV2.ID { __data["id"] }
      public var due: GeneratedFixturesV2.CalendarDate { __data["due"] }

      public init(
        id: GeneratedFixturesV2.ID,
        due: GeneratedFixturesV2.CalendarDate
      ) {
        self.init(unsafelyWithData: [
          "__typename": GeneratedFixturesV2.Objects.Loan.typename,
          "id": id,
          "due": due,
        ])
      }
    }
  }
}
