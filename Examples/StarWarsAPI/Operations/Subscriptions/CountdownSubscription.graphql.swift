// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// Counts down from `from` to 0, one event every `intervalMs` milliseconds, then completes.
nonisolated public struct CountdownSubscription: GraphQLSubscription {
  public static let operationName: String = "Countdown"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "7be1c422b72afd6af437d9dec1cbe3ff106fdee2ae27b6238a5ad67cff85f7b0",
    definition: .init(
      #"subscription Countdown($from: Int!, $intervalMs: Int) { countdown(from: $from, intervalMs: $intervalMs) }"#
    ))

  public var from: Int32
  public var intervalMs: GraphQLNullable<Int32>

  public init(
    from: Int32,
    intervalMs: GraphQLNullable<Int32>
  ) {
    self.from = from
    self.intervalMs = intervalMs
  }

  @_spi(Unsafe) public var __variables: Variables? { [
    "from": from,
    "intervalMs": intervalMs
  ] }

  nonisolated public struct Data: StarWarsAPI.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Subscription }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("countdown", Int.self, arguments: ["from": .variable("from"), "intervalMs": .variable("intervalMs")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      CountdownSubscription.Data.self
    ] }

    public var countdown: Int { __data["countdown"] }

    public init(
      countdown: Int
    ) {
      self.init(unsafelyWithData: [
        "__typename": StarWarsAPI.Objects.Subscription.typename,
        "countdown": countdown,
      ])
    }
  }
}
