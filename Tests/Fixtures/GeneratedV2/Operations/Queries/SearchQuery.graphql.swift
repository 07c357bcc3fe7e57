// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

nonisolated public struct SearchQuery: GraphQLQuery {
  public static let operationName: String = "Search"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    definition: .init(
      #"query Search($by: SearchBy!) { search(by: $by) { __typename ... on Book { id title isbn } ... on Periodical { id issueNumber } ... on Author { ...AuthorDetails } } }"#,
      fragments: [AuthorDetails.self]
    ))

  public var by: SearchBy

  public init(by: SearchBy) {
    self.by = by
  }

  @_spi(Unsafe) public var __variables: Variables? { ["by": by] }

  nonisolated public struct Data: GeneratedFixturesV2.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Query }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("search", [Search].self, arguments: ["by": .variable("by")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      SearchQuery.Data.self
    ] }

    public var search: [Search] { __data["search"] }

    public init(
      search: [Search]
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV2.Objects.Query.typename,
        "search": search._fieldData,
      ])
    }

    /// Search
    ///
    /// Parent Type: `SearchResult`
    nonisolated public struct Search: GeneratedFixturesV2.SelectionSet {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Unions.SearchResult }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .inlineFragment(AsBook.self),
        .inlineFragment(AsPeriodical.self),
        .inlineFragment(AsAuthor.self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        SearchQuery.Data.Search.self
      ] }

      public var asBook: AsBook? { _asInlineFragment() }
      public var asPeriodical: AsPeriodical? { _asInlineFragment() }
      public var asAuthor: AsAuthor? { _asInlineFragment() }

      public init(
        __typename: String
      ) {
        self.init(unsafelyWithData: [
          "__typename": __typename,
        ])
      }

      /// Search.AsBook
      ///
      /// Parent Type: `Book`
      nonisolated public struct AsBook: GeneratedFixturesV2.InlineFragment, Identifiable {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = SearchQuery.Data.Search
        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Book }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("id", GeneratedFixturesV2.ID.self),
          .field("title", String.self),
          .field("isbn", GeneratedFixturesV2.ISBN.self),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          SearchQuery.Data.Search.self,
          SearchQuery.Data.Search.AsBook.self
        ] }

        public var id: GeneratedFixturesV2.ID { __data["id"] }
        public var title: String { __data["title"] }
        public var isbn: GeneratedFixturesV2.ISBN { __data["isbn"] }

        public init(
          id: GeneratedFixturesV2.ID,
          title: String,
          isbn: GeneratedFixturesV2.ISBN
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV2.Objects.Book.typename,
            "id": id,
            "title": title,
            "isbn": isbn,
          ])
        }
      }

      /// Search.AsPeriodical
      ///
      /// Parent Type: `Periodical`
      nonisolated public struct AsPeriodical: GeneratedFixturesV2.InlineFragment, Identifiable {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = SearchQuery.Data.Search
        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Periodical }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("id", GeneratedFixturesV2.ID.self),
          .field("issueNumber", Int.self),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          SearchQuery.Data.Search.self,
          SearchQuery.Data.Search.AsPeriodical.self
        ] }

        public var id: GeneratedFixturesV2.ID { __data["id"] }
        public var issueNumber: Int { __data["issueNumber"] }

        public init(
          id: GeneratedFixturesV2.ID,
          issueNumber: Int
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV2.Objects.Periodical.typename,
            "id": id,
            "issueNumber": issueNumber,
          ])
        }
      }

      /// Search.AsAuthor
      ///
      /// Parent Type: `Author`
      nonisolated public struct AsAuthor: GeneratedFixturesV2.InlineFragment, Identifiable {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = SearchQuery.Data.Search
        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Author }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .fragment(AuthorDetails.self),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          SearchQuery.Data.Search.self,
          SearchQuery.Data.Search.AsAuthor.self,
          AuthorDetails.self
        ] }

        public var id: GeneratedFixturesV2.ID { __data["id"] }
        public var name: String { __data["name"] }
        public var born: GeneratedFixturesV2.CalendarDate? { __data["born"] }

        public struct Fragments: FragmentContainer {
          @_spi(Unsafe) public let __data: DataDict
          @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

          public var authorDetails: AuthorDetails { _toFragment() }
        }

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
    }
  }
}
