// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// Echoes the request header `name`: what interceptors and transports put on the wire.
nonisolated public struct RequestHeaderQuery: GraphQLQuery {
  public static let operationName: String = "RequestHeader"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "3c14c6133e1cab8f484d152c23db687a08b4e96385a7a85be9fa004613ba6252",
    definition: .init(
      #"query RequestHeader($name: String!) { requestHeader(name: $name) }"#
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
      .field("requestHeader", String?.self, arguments: ["name": .variable("name")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      RequestHeaderQuery.Data.self
    ] }

    public var requestHeader: String? { __data["requestHeader"] }

    public init(
      requestHeader: String? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": StarWarsAPI.Objects.Query.typename,
        "requestHeader": requestHeader,
      ])
    }
  }
}
