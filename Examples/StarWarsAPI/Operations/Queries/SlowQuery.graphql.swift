// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// A field the server answers after `delayMs` milliseconds: timeouts and cancellation.
nonisolated public struct SlowQuery: GraphQLQuery {
  public static let operationName: String = "Slow"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "4b78ef0038c96b4ad616a79b1a8569145b25b3341c9cbd2567451977b7242f56",
    definition: .init(
      #"query Slow($delayMs: Int!) { slowField(delayMs: $delayMs) }"#
    ))

  public var delayMs: Int32

  public init(delayMs: Int32) {
    self.delayMs = delayMs
  }

  @_spi(Unsafe) public var __variables: Variables? { ["delayMs": delayMs] }

  nonisolated public struct Data: StarWarsAPI.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Query }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("slowField", String?.self, arguments: ["delayMs": .variable("delayMs")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      SlowQuery.Data.self
    ] }

    public var slowField: String? { __data["slowField"] }

    public init(
      slowField: String? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": StarWarsAPI.Objects.Query.typename,
        "slowField": slowField,
      ])
    }
  }
}
