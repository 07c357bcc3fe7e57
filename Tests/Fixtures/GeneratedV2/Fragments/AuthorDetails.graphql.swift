// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

nonisolated public struct AuthorDetails: GeneratedFixturesV2.SelectionSet, Fragment, Identifiable {
  public static var fragmentDefinition: StaticString {
    #"fragment AuthorDetails on Author { __typename id name born }"#
  }

  @_spi(Unsafe) public let __data: DataDict
  @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

  @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Author }
  @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
    .field("__typename", String.self),
    .field("id", GeneratedFixturesV2.ID.self),
    .field("name", String.self),
    .field("born", GeneratedFixturesV2.CalendarDate?.self),
  ] }
  @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
    AuthorDetails.self
  ] }

  public var id: GeneratedFixturesV2.ID { __data["id"] }
  public var name: String { __data["name"] }
  public var born: GeneratedFixturesV2.CalendarDate? { __data["born"] }

  public init(
    id: GeneratedFixturesV2.ID,
    name: String,
    born: GeneratedFixturesV2.CalendarDate? = nil
  ) {
    self.init(unsafelyWithData: [
      "__typename": GeneratedFixturesV2.Objects.Author.typename,
      "id": id,
      "name": name,
      "born": born,
    ])
  }
}
