// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI

public struct CatalogItemSummary: GeneratedFixturesV1.SelectionSet, Fragment, Identifiable {
  public static var fragmentDefinition: StaticString {
    #"fragment CatalogItemSummary on CatalogItem { __typename id title genre ... on Book { isbn } }"#
  }

  public let __data: DataDict
  public init(_dataDict: DataDict) { __data = _dataDict }

  public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Interfaces.CatalogItem }
  public static var __selections: [ApolloAPI.Selection] { [
    .field("__typename", String.self),
    .field("id", GeneratedFixturesV1.ID.self),
    .field("title", String.self),
    .field("genre", GraphQLEnum<GeneratedFixturesV1.Genre>?.self),
    .inlineFragment(AsBook.self),
  ] }
  public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
    CatalogItemSummary.self
  ] }

  public var id: GeneratedFixturesV1.ID { __data["id"] }
  public var title: String { __data["title"] }
  public var genre: GraphQLEnum<GeneratedFixturesV1.Genre>? { __data["genre"] }

  public var asBook: AsBook? { _asInlineFragment() }

  public init(
    __typename: String,
    id: GeneratedFixturesV1.ID,
    title: String,
    genre: GraphQLEnum<GeneratedFixturesV1.Genre>? = nil
  ) {
    self.init(unsafelyWithData: [
      "__typename": __typename,
      "id": id,
      "title": title,
      "genre": genre,
    ])
  }

  /// AsBook
  ///
  /// Parent Type: `Book`
  public struct AsBook: GeneratedFixturesV1.InlineFragment, Identifiable {
    public let __data: DataDict
    public init(_dataDict: DataDict) { __data = _dataDict }

    public typealias RootEntityType = CatalogItemSummary
    public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Book }
    public static var __selections: [ApolloAPI.Selection] { [
      .field("isbn", GeneratedFixturesV1.ISBN.self),
    ] }
    public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      CatalogItemSummary.self,
      CatalogItemSummary.AsBook.self
    ] }

    public var isbn: GeneratedFixturesV1.ISBN { __data["isbn"] }
    public var id: GeneratedFixturesV1.ID { __data["id"] }
    public var title: String { __data["title"] }
    public var genre: GraphQLEnum<GeneratedFixturesV1.Genre>? { __data["genre"] }

    public init(
      isbn: GeneratedFixturesV1.ISBN,
      id: GeneratedFixturesV1.ID,
      title: String,
      genre: GraphQLEnum<GeneratedFixturesV1.Genre>? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV1.Objects.Book.typename,
        "isbn": isbn,
        "id": id,
        "title": title,
        "genre": genre,
      ])
    }
  }
}
