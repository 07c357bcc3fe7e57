// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// Partial data plus a GraphQL error: `errorField` always fails on the server.
nonisolated public struct ErrorFieldQuery: GraphQLQuery {
  public static let operationName: String = "ErrorField"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "ab9cc1ed5182b5ab752a1724c2fa22fec66454695b6240ff3ccd17c0c9200e0d",
    definition: .init(
      #"query ErrorField { hero { __typename id name } errorField }"#
    ))

  public init() {}

  nonisolated public struct Data: StarWarsAPI.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Query }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("hero", Hero?.self),
      .field("errorField", String?.self),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      ErrorFieldQuery.Data.self
    ] }

    public var hero: Hero? { __data["hero"] }
    public var errorField: String? { __data["errorField"] }

    public init(
      hero: Hero? = nil,
      errorField: String? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": StarWarsAPI.Objects.Query.typename,
        "hero": hero._fieldData,
        "errorField": errorField,
      ])
    }

    /// Hero
    ///
    /// Parent Type: `Character`
    nonisolated public struct Hero: StarWarsAPI.SelectionSet {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Interfaces.Character }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("id", StarWarsAPI.ID.self),
        .field("name", String.self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        ErrorFieldQuery.Data.Hero.self
      ] }

      public var id: StarWarsAPI.ID { __data["id"] }
      public var name: String { __data["name"] }

      public init(
        __typename: String,
        id: StarWarsAPI.ID,
        name: String
      ) {
        self.init(unsafelyWithData: [
          "__typename": __typename,
          "id": id,
          "name": name,
        ])
      }
    }
  }
}
