// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

nonisolated public struct CatalogItemSummary: GeneratedFixturesV2.SelectionSet, Fragment, Identifiable {
  public static var fragmentDefinition: StaticString {
    #"fragment CatalogItemSummary on CatalogItem { __typename id title genre ... on Book { isbn } }"#
  }

  @_spi(Unsafe) public let __data: DataDict
  @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

  @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Interfaces.CatalogItem }
  @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
    .field("__typename", String.self),
    .field("id", GeneratedFixturesV2.ID.self),
    .field("title", String.self),
    .field("genre", GraphQLEnum<GeneratedFixturesV2.Genre>?.self),
    .inlineFragment(AsBook.self),
  ] }
  @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
    CatalogItemSummary.self
  ] }

  public var id: GeneratedFixturesV2.ID { __data["id"] }
  public var title: String { __data["title"] }
  public var genre: GraphQLEnum<GeneratedFixturesV2.Genre>? { __data["genre"] }

  public var asBook: AsBook? { _asInlineFragment() }

  public init(
    __typename: String,
    id: GeneratedFixturesV2.ID,
    title: String,
    genre: GraphQLEnum<GeneratedFixturesV2.Genre>? = nil
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
  nonisolated public struct AsBook: GeneratedFixturesV2.InlineFragment, Identifiable {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    public typealias RootEntityType = CatalogItemSummary
    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Book }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("isbn", GeneratedFixturesV2.ISBN.self),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      CatalogItemSummary.self,
      CatalogItemSummary.AsBook.self
    ] }

    public var isbn: GeneratedFixturesV2.ISBN { __data["isbn"] }
    public var id: GeneratedFixturesV2.ID { __data["id"] }
    public var title: String { __data["title"] }
    public var genre: GraphQLEnum<GeneratedFixturesV2.Genre>? { __data["genre"] }

    public init(
      isbn: GeneratedFixturesV2.ISBN,
      id: GeneratedFixturesV2.ID,
      title: String,
      genre: GraphQLEnum<GeneratedFixturesV2.Genre>? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV2.Objects.Book.typename,
        "isbn": isbn,
        "id": id,
        "title": title,
        "genre": genre,
      ])
    }
  }
}
