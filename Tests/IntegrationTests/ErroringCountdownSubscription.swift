@_spi(Execution) @_spi(Unsafe) import ApolloAPI
import StarWarsAPI

/// TestServer's `erroringCountdown(from:)`: `from` down to 1, then the source fails, so the server sends an `error`
/// message for the operation (shaped like generated code, for the socket tests' server-error case).
struct ErroringCountdownSubscription: GraphQLSubscription {
  static let operationName: String = "ErroringCountdown"
  static let operationDocument: ApolloAPI.OperationDocument = .init(
    definition: .init(#"subscription ErroringCountdown($from: Int!) { erroringCountdown(from: $from) }"#))

  var from: Int32

  init(from: Int32) {
    self.from = from
  }

  var __variables: Variables? { ["from": from] }

  struct Data: StarWarsAPI.SelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }

    static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Subscription }
    static var __selections: [ApolloAPI.Selection] { [
      .field("erroringCountdown", Int.self, arguments: ["from": .variable("from")]),
    ] }
    static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      ErroringCountdownSubscription.Data.self
    ] }

    var erroringCountdown: Int { __data["erroringCountdown"] }
  }
}
