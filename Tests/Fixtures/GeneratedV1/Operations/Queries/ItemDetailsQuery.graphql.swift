// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI

public class ItemDetailsQuery: GraphQLQuery {
  public static let operationName: String = "ItemDetails"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    definition: .init(
      #"query ItemDetails($id: ID!, $withAuthors: Boolean!, $brief: Boolean!) { item(id: $id) { __typename ...CatalogItemSummary published ... on Book { pageCount tags authors @include(if: $withAuthors) { __typename name ...AuthorDetails @skip(if: $brief) } } ... on Periodical { issueNumber } ... on Borrowable @skip(if: $brief) { loanPeriodDays } } }"#,
      fragments: [AuthorDetails.self, CatalogItemSummary.self]
    ))

  public var id: ID
  public var withAuthors: Bool
  public var brief: Bool

  public init(
    id: ID,
    withAuthors: Bool,
    brief: Bool
  ) {
    self.id = id
    self.withAuthors = withAuthors
    self.brief = brief
  }

  public var __variables: Variables? { [
    "id": id,
    "withAuthors": withAuthors,
    "brief": brief
  ] }

  public struct Data: GeneratedFixturesV1.SelectionSet {
    public let __data: DataDict
    public init(_dataDict: DataDict) { __data = _dataDict }

    public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Query }
    public static var __selections: [ApolloAPI.Selection] { [
      .field("item", Item?.self, arguments: ["id": .variable("id")]),
    ] }
    public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      ItemDetailsQuery.Data.self
    ] }

    public var item: Item? { __data["item"] }

    public init(
      item: Item? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV1.Objects.Query.typename,
        "item": item._fieldData,
      ])
    }

    /// Item
    ///
    /// Parent Type: `CatalogItem`
    public struct Item: GeneratedFixturesV1.SelectionSet, Identifiable {
      public let __data: DataDict
      public init(_dataDict: DataDict) { __data = _dataDict }

      public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Interfaces.CatalogItem }
      public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("published", GeneratedFixturesV1.CalendarDate?.self),
        .inlineFragment(AsBook.self),
        .inlineFragment(AsPeriodical.self),
        .fragment(CatalogItemSummary.self),
        .include(if: !"brief", .inlineFragment(AsBorrowableIfNotBrief.self)),
      ] }
      public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        ItemDetailsQuery.Data.Item.self,
        CatalogItemSummary.self
      ] }

      public var published: GeneratedFixturesV1.CalendarDate? { __data["published"] }
      public var id: GeneratedFixturesV1.ID { __data["id"] }
      public var title: String { __data["title"] }
      public var genre: GraphQLEnum<GeneratedFixturesV1.Genre>? { __data["genre"] }

      public var asBook: AsBook? { _asInlineFragment() }
      public var asPeriodical: AsPeriodical? { _asInlineFragment() }
      public var asBorrowableIfNotBrief: AsBorrowableIfNotBrief? { _asInlineFragment() }

      public struct Fragments: FragmentContainer {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public var catalogItemSummary: CatalogItemSummary { _toFragment() }
      }

      public init(
        __typename: String,
        published: GeneratedFixturesV1.CalendarDate? = nil,
        id: GeneratedFixturesV1.ID,
        title: String,
        genre: GraphQLEnum<GeneratedFixturesV1.Genre>? = nil
      ) {
        self.init(unsafelyWithData: [
          "__typename": __typename,
          "published": published,
          "id": id,
          "title": title,
          "genre": genre,
        ])
      }

      /// Item.AsBook
      ///
      /// Parent Type: `Book`
      public struct AsBook: GeneratedFixturesV1.InlineFragment, Identifiable {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = ItemDetailsQuery.Data.Item
        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Book }
        public static var __selections: [ApolloAPI.Selection] { [
          .field("pageCount", Int?.self),
          .field("tags", [String]?.self),
          .include(if: "withAuthors", .field("authors", [Author].self)),
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          ItemDetailsQuery.Data.Item.self,
          ItemDetailsQuery.Data.Item.AsBook.self,
          CatalogItemSummary.self,
          CatalogItemSummary.AsBook.self
        ] }

        public var pageCount: Int? { __data["pageCount"] }
        public var tags: [String]? { __data["tags"] }
        public var authors: [Author]? { __data["authors"] }
        public var published: GeneratedFixturesV1.CalendarDate? { __data["published"] }
        public var id: GeneratedFixturesV1.ID { __data["id"] }
        public var title: String { __data["title"] }
        public var genre: GraphQLEnum<GeneratedFixturesV1.Genre>? { __data["genre"] }
        public var isbn: GeneratedFixturesV1.ISBN { __data["isbn"] }

        public struct Fragments: FragmentContainer {
          public let __data: DataDict
          public init(_dataDict: DataDict) { __data = _dataDict }

          public var catalogItemSummary: CatalogItemSummary { _toFragment() }
        }

        public init(
          pageCount: Int? = nil,
          tags: [String]? = nil,
          authors: [Author]? = nil,
          published: GeneratedFixturesV1.CalendarDate? = nil,
          id: GeneratedFixturesV1.ID,
          title: String,
          genre: GraphQLEnum<GeneratedFixturesV1.Genre>? = nil,
          isbn: GeneratedFixturesV1.ISBN
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV1.Objects.Book.typename,
            "pageCount": pageCount,
            "tags": tags,
            "authors": authors._fieldData,
            "published": published,
            "id": id,
            "title": title,
            "genre": genre,
            "isbn": isbn,
          ])
        }

        /// Item.AsBook.Author
        ///
        /// Parent Type: `Author`
        public struct Author: GeneratedFixturesV1.SelectionSet {
          public let __data: DataDict
          public init(_dataDict: DataDict) { __data = _dataDict }

          public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Author }
          public static var __selections: [ApolloAPI.Selection] { [
            .field("__typename", String.self),
            .field("name", String.self),
            .include(if: !"brief", .inlineFragment(IfNotBrief.self)),
          ] }
          public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
            ItemDetailsQuery.Data.Item.AsBook.Author.self
          ] }

          public var name: String { __data["name"] }

          public var ifNotBrief: IfNotBrief? { _asInlineFragment() }

          public struct Fragments: FragmentContainer {
            public let __data: DataDict
            public init(_dataDict: DataDict) { __data = _dataDict }

            public var authorDetails: AuthorDetails? { _toFragment() }
          }

          public init(
            name: String
          ) {
            self.init(unsafelyWithData: [
              "__typename": GeneratedFixturesV1.Objects.Author.typename,
              "name": name,
            ])
          }

          /// Item.AsBook.Author.IfNotBrief
          ///
          /// Parent Type: `Author`
          public struct IfNotBrief: GeneratedFixturesV1.InlineFragment, Identifiable {
            public let __data: DataDict
            public init(_dataDict: DataDict) { __data = _dataDict }

            public typealias RootEntityType = ItemDetailsQuery.Data.Item.AsBook.Author
            public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Author }
            public static var __selections: [ApolloAPI.Selection] { [
              .fragment(AuthorDetails.self),
            ] }
            public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
              ItemDetailsQuery.Data.Item.AsBook.Author.self,
              ItemDetailsQuery.Data.Item.AsBook.Author.IfNotBrief.self,
              AuthorDetails.self
            ] }

            public var name: String { __data["name"] }
            public var id: GeneratedFixturesV1.ID { __data["id"] }
            public var born: GeneratedFixturesV1.CalendarDate? { __data["born"] }

            public struct Fragments: FragmentContainer {
              public let __data: DataDict
              public init(_dataDict: DataDict) { __data = _dataDict }

              public var authorDetails: AuthorDetails { _toFragment() }
            }

            public init(
              name: String,
              id: GeneratedFixturesV1.ID,
              born: GeneratedFixturesV1.CalendarDate? = nil
            ) {
              self.init(unsafelyWithData: [
                "__typename": GeneratedFixturesV1.Objects.Author.typename,
                "name": name,
                "id": id,
                "born": born,
              ])
            }
          }
        }
      }

      /// Item.AsPeriodical
      ///
      /// Parent Type: `Periodical`
      public struct AsPeriodical: GeneratedFixturesV1.InlineFragment, Identifiable {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = ItemDetailsQuery.Data.Item
        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Periodical }
        public static var __selections: [ApolloAPI.Selection] { [
          .field("issueNumber", Int.self),
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          ItemDetailsQuery.Data.Item.self,
          ItemDetailsQuery.Data.Item.AsPeriodical.self,
          CatalogItemSummary.self
        ] }

        public var issueNumber: Int { __data["issueNumber"] }
        public var published: GeneratedFixturesV1.CalendarDate? { __data["published"] }
        public var id: GeneratedFixturesV1.ID { __data["id"] }
        public var title: String { __data["title"] }
        public var genre: GraphQLEnum<GeneratedFixturesV1.Genre>? { __data["genre"] }

        public struct Fragments: FragmentContainer {
          public let __data: DataDict
          public init(_dataDict: DataDict) { __data = _dataDict }

          public var catalogItemSummary: CatalogItemSummary { _toFragment() }
        }

        public init(
          issueNumber: Int,
          published: GeneratedFixturesV1.CalendarDate? = nil,
          id: GeneratedFixturesV1.ID,
          title: String,
          genre: GraphQLEnum<GeneratedFixturesV1.Genre>? = nil
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV1.Objects.Periodical.typename,
            "issueNumber": issueNumber,
            "published": published,
            "id": id,
            "title": title,
            "genre": genre,
          ])
        }
      }

      /// Item.AsBorrowableIfNotBrief
      ///
      /// Parent Type: `Borrowable`
      public struct AsBorrowableIfNotBrief: GeneratedFixturesV1.InlineFragment, Identifiable {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = ItemDetailsQuery.Data.Item
        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Interfaces.Borrowable }
        public static var __selections: [ApolloAPI.Selection] { [
          .field("loanPeriodDays", Int.self),
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          ItemDetailsQuery.Data.Item.self,
          ItemDetailsQuery.Data.Item.AsBorrowableIfNotBrief.self,
          CatalogItemSummary.self
        ] }

        public var loanPeriodDays: Int { __data["loanPeriodDays"] }
        public var published: GeneratedFixturesV1.CalendarDate? { __data["published"] }
        public var id: GeneratedFixturesV1.ID { __data["id"] }
        public var title: String { __data["title"] }
        public var genre: GraphQLEnum<GeneratedFixturesV1.Genre>? { __data["genre"] }

        public struct Fragments: FragmentContainer {
          public let __data: DataDict
          public init(_dataDict: DataDict) { __data = _dataDict }

          public var catalogItemSummary: CatalogItemSummary { _toFragment() }
        }

        public init(
          __typename: String,
          loanPeriodDays: Int,
          published: GeneratedFixturesV1.CalendarDate? = nil,
          id: GeneratedFixturesV1.ID,
          title: String,
          genre: GraphQLEnum<GeneratedFixturesV1.Genre>? = nil
        ) {
          self.init(unsafelyWithData: [
            "__typename": __typename,
            "loanPeriodDays": loanPeriodDays,
            "published": published,
            "id": id,
            "title": title,
            "genre": genre,
          ])
        }
      }
    }
  }
}
