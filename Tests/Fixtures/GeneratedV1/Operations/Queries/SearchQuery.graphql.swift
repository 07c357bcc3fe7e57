// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI

public class SearchQuery: GraphQLQuery {
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

  public var __variables: Variables? { ["by": by] }

  public struct Data: GeneratedFixturesV1.SelectionSet {
    public let __data: DataDict
    public init(_dataDict: DataDict) { __data = _dataDict }

    public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Query }
    public static var __selections: [ApolloAPI.Selection] { [
      .field("search", [Search].self, arguments: ["by": .variable("by")]),
    ] }
    public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      SearchQuery.Data.self
    ] }

    public var search: [Search] { __data["search"] }

    public init(
      search: [Search]
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV1.Objects.Query.typename,
        "search": search._fieldData,
      ])
    }

    /// Search
    ///
    /// Parent Type: `SearchResult`
    public struct Search: GeneratedFixturesV1.SelectionSet {
      public let __data: DataDict
      public init(_dataDict: DataDict) { __data = _dataDict }

      public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Unions.SearchResult }
      public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .inlineFragment(AsBook.self),
        .inlineFragment(AsPeriodical.self),
        .inlineFragment(AsAuthor.self),
      ] }
      public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
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
      public struct AsBook: GeneratedFixturesV1.InlineFragment, Identifiable {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = SearchQuery.Data.Search
        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Book }
        public static var __selections: [ApolloAPI.Selection] { [
          .field("id", GeneratedFixturesV1.ID.self),
          .field("title", String.self),
          .field("isbn", GeneratedFixturesV1.ISBN.self),
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          SearchQuery.Data.Search.self,
          SearchQuery.Data.Search.AsBook.self
        ] }

        public var id: GeneratedFixturesV1.ID { __data["id"] }
        public var title: String { __data["title"] }
        public var isbn: GeneratedFixturesV1.ISBN { __data["isbn"] }

        public init(
          id: GeneratedFixturesV1.ID,
          title: String,
          isbn: GeneratedFixturesV1.ISBN
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV1.Objects.Book.typename,
            "id": id,
            "title": title,
            "isbn": isbn,
          ])
        }
      }

      /// Search.AsPeriodical
      ///
      /// Parent Type: `Periodical`
      public struct AsPeriodical: GeneratedFixturesV1.InlineFragment, Identifiable {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = SearchQuery.Data.Search
        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Periodical }
        public static var __selections: [ApolloAPI.Selection] { [
          .field("id", GeneratedFixturesV1.ID.self),
          .field("issueNumber", Int.self),
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          SearchQuery.Data.Search.self,
          SearchQuery.Data.Search.AsPeriodical.self
        ] }

        public var id: GeneratedFixturesV1.ID { __data["id"] }
        public var issueNumber: Int { __data["issueNumber"] }

        public init(
          id: GeneratedFixturesV1.ID,
          issueNumber: Int
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV1.Objects.Periodical.typename,
            "id": id,
            "issueNumber": issueNumber,
          ])
        }
      }

      /// Search.AsAuthor
      ///
      /// Parent Type: `Author`
      public struct AsAuthor: GeneratedFixturesV1.InlineFragment, Identifiable {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = SearchQuery.Data.Search
        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Author }
        public static var __selections: [ApolloAPI.Selection] { [
          .fragment(AuthorDetails.self),
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          SearchQuery.Data.Search.self,
          SearchQuery.Data.Search.AsAuthor.self,
          AuthorDetails.self
        ] }

        public var id: GeneratedFixturesV1.ID { __data["id"] }
        public var name: String { __data["name"] }
        public var born: GeneratedFixturesV1.CalendarDate? { __data["born"] }

        public struct Fragments: FragmentContainer {
          public let __data: DataDict
          public init(_dataDict: DataDict) { __data = _dataDict }

          public var authorDetails: AuthorDetails { _toFragment() }
        }

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
    }
  }
}
