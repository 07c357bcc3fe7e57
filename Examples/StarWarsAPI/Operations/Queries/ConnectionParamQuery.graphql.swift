// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// Echoes the value `name` of the WebSocket `connection_init` payload, as the server saw it.
nonisolated public struct ConnectionParamQuery: GraphQLQuery {
  public static let operationName: String = "ConnectionParam"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "aa4e3e7b73e5658723f14759a83f7007bcad1d8ca3c18fdb330d8dc83d985469",
    definition: .init(
      #"query ConnectionParam($name: String!) { connectionParam(name: $name) }"#
    ))

  public var name: String

  public init(name: String) {
    self.name = name
  }

  @_spi(Unsafe) public var __variables: Variables? { ["name": name] }

  nonisolated public struct Data: StarWarsAPI.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Query }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("connectionParam", String?.self, arguments: ["name": .variable("name")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      ConnectionParamQuery.Data.self
    ] }

    public var connectionParam: String? { __data["connectionParam"] }

    public init(
      connectionParam: String? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": StarWarsAPI.Objects.Query.typename,
        "connectionParam": connectionParam,
      ])
    }
  }
}
