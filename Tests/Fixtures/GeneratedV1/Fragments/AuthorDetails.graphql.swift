// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI

public struct AuthorDetails: GeneratedFixturesV1.SelectionSet, Fragment, Identifiable {
  public static var fragmentDefinition: StaticString {
    #"fragment AuthorDetails on Author { __typename id name born }"#
  }

  public let __data: DataDict
  public init(_dataDict: DataDict) { __data = _dataDict }

  public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Author }
  public static var __selections: [ApolloAPI.Selection] { [
    .field("__typename", String.self),
    .field("id", GeneratedFixturesV1.ID.self),
    .field("name", String.self),
    .field("born", GeneratedFixturesV1.CalendarDate?.self),
  ] }
  public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
    AuthorDetails.self
  ] }

  public var id: GeneratedFixturesV1.ID { __data["id"] }
  public var name: String { __data["name"] }
  public var born: GeneratedFixturesV1.CalendarDate? { __data["born"] }

  public init(
    id: GeneratedFixturesV1.ID,
    name: String,
    born: GeneratedFixturesV1.CalendarDate? = nil
  ) {
    self.init(unsafelyWithData: [
      "__typename": GeneratedFixturesV1.Objects.Author.typename,
      "id": id,
      "name": name,
      "born": born,
    ])
  }
}
