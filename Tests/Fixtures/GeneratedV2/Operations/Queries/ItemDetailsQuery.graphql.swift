// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

nonisolated public struct ItemDetailsQuery: GraphQLQuery {
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

  @_spi(Unsafe) public var __variables: Variables? { [
    "id": id,
    "withAuthors": withAuthors,
    "brief": brief
  ] }

  nonisolated public struct Data: GeneratedFixturesV2.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Query }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("item", Item?.self, arguments: ["id": .variable("id")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      ItemDetailsQuery.Data.self
    ] }

    public var item: Item? { __data["item"] }

    public init(
      item: Item? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV2.Objects.Query.typename,
        "item": item._fieldData,
      ])
    }

    /// Item
    ///
    /// Parent Type: `CatalogItem`
    nonisolated public struct Item: GeneratedFixturesV2.SelectionSet, Identifiable {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Interfaces.CatalogItem }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("published", GeneratedFixturesV2.CalendarDate?.self),
        .inlineFragment(AsBook.self),
        .inlineFragment(AsPeriodical.self),
        .fragment(CatalogItemSummary.self),
        .include(if: !"brief", .inlineFragment(AsBorrowableIfNotBrief.self)),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        ItemDetailsQuery.Data.Item.self,
        CatalogItemSummary.self
      ] }

      public var published: GeneratedFixturesV2.CalendarDate? { __data["published"] }
      public var id: GeneratedFixturesV2.ID { __data["id"] }
      public var title: String { __data["title"] }
      public var genre: GraphQLEnum<GeneratedFixturesV2.Genre>? { __data["genre"] }

      public var asBook: AsBook? { _asInlineFragment() }
      public var asPeriodical: AsPeriodical? { _asInlineFragment() }
      public var asBorrowableIfNotBrief: AsBorrowableIfNotBrief? { _asInlineFragment() }

      public struct Fragments: FragmentContainer {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        public var catalogItemSummary: CatalogItemSummary { _toFragment() }
      }

      public init(
        __typename: String,
        published: GeneratedFixturesV2.CalendarDate? = nil,
        id: GeneratedFixturesV2.ID,
        title: String,
        genre: GraphQLEnum<GeneratedFixturesV2.Genre>? = nil
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
      nonisolated public struct AsBook: GeneratedFixturesV2.InlineFragment, Identifiable {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = ItemDetailsQuery.Data.Item
        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Book }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("pageCount", Int?.self),
          .field("tags", [String]?.self),
          .include(if: "withAuthors", .field("authors", [Author].self)),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          ItemDetailsQuery.Data.Item.self,
          ItemDetailsQuery.Data.Item.AsBook.self,
          CatalogItemSummary.self,
          CatalogItemSummary.AsBook.self
        ] }

        public var pageCount: Int? { __data["pageCount"] }
        public var tags: [String]? { __data["tags"] }
        public var authors: [Author]? { __data["authors"] }
        public var published: GeneratedFixturesV2.CalendarDate? { __data["published"] }
        public var id: GeneratedFixturesV2.ID { __data["id"] }
        public var title: String { __data["title"] }
        public var genre: GraphQLEnum<GeneratedFixturesV2.Genre>? { __data["genre"] }
        public var isbn: GeneratedFixturesV2.ISBN { __data["isbn"] }

        public struct Fragments: FragmentContainer {
          @_spi(Unsafe) public let __data: DataDict
          @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

          public var catalogItemSummary: CatalogItemSummary { _toFragment() }
        }

        public init(
          pageCount: Int? = nil,
          tags: [String]? = nil,
          authors: [Author]? = nil,
          published: GeneratedFixturesV2.CalendarDate? = nil,
          id: GeneratedFixturesV2.ID,
          title: String,
          genre: GraphQLEnum<GeneratedFixturesV2.Genre>? = nil,
          isbn: GeneratedFixturesV2.ISBN
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV2.Objects.Book.typename,
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
        nonisolated public struct Author: GeneratedFixturesV2.SelectionSet {
          @_spi(Unsafe) public let __data: DataDict
          @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

          @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Author }
          @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
            .field("__typename", String.self),
            .field("name", String.self),
            .include(if: !"brief", .inlineFragment(IfNotBrief.self)),
          ] }
          @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
            ItemDetailsQuery.Data.Item.AsBook.Author.self
          ] }

          public var name: String { __data["name"] }

          public var ifNotBrief: IfNotBrief? { _asInlineFragment() }

          public struct Fragments: FragmentContainer {
            @_spi(Unsafe) public let __data: DataDict
            @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

            public var authorDetails: AuthorDetails? { _toFragment() }
          }

          public init(
            name: String
          ) {
            self.init(unsafelyWithData: [
              "__typename": GeneratedFixturesV2.Objects.Author.typename,
              "name": name,
            ])
          }

          /// Item.AsBook.Author.IfNotBrief
          ///
          /// Parent Type: `Author`
          nonisolated public struct IfNotBrief: GeneratedFixturesV2.InlineFragment, Identifiable {
            @_spi(Unsafe) public let __data: DataDict
            @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

            public typealias RootEntityType = ItemDetailsQuery.Data.Item.AsBook.Author
            @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Author }
            @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
              .fragment(AuthorDetails.self),
            ] }
            @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
              ItemDetailsQuery.Data.Item.AsBook.Author.self,
              ItemDetailsQuery.Data.Item.AsBook.Author.IfNotBrief.self,
              AuthorDetails.self
            ] }

            public var name: String { __data["name"] }
            public var id: GeneratedFixturesV2.ID { __data["id"] }
            public var born: GeneratedFixturesV2.CalendarDate? { __data["born"] }

            public struct Fragments: FragmentContainer {
              @_spi(Unsafe) public let __data: DataDict
              @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

              public var authorDetails: AuthorDetails { _toFragment() }
            }

            public init(
              name: String,
              id: GeneratedFixturesV2.ID,
              born: GeneratedFixturesV2.CalendarDate? = nil
            ) {
              self.init(unsafelyWithData: [
                "__typename": GeneratedFixturesV2.Objects.Author.typename,
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
      nonisolated public struct AsPeriodical: GeneratedFixturesV2.InlineFragment, Identifiable {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = ItemDetailsQuery.Data.Item
        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Periodical }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("issueNumber", Int.self),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          ItemDetailsQuery.Data.Item.self,
          ItemDetailsQuery.Data.Item.AsPeriodical.self,
          CatalogItemSummary.self
        ] }

        public var issueNumber: Int { __data["issueNumber"] }
        public var published: GeneratedFixturesV2.CalendarDate? { __data["published"] }
        public var id: GeneratedFixturesV2.ID { __data["id"] }
        public var title: String { __data["title"] }
        public var genre: GraphQLEnum<GeneratedFixturesV2.Genre>? { __data["genre"] }

        public struct Fragments: FragmentContainer {
          @_spi(Unsafe) public let __data: DataDict
          @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

          public var catalogItemSummary: CatalogItemSummary { _toFragment() }
        }

        public init(
          issueNumber: Int,
          published: GeneratedFixturesV2.CalendarDate? = nil,
          id: GeneratedFixturesV2.ID,
          title: String,
          genre: GraphQLEnum<GeneratedFixturesV2.Genre>? = nil
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV2.Objects.Periodical.typename,
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
      nonisolated public struct AsBorrowableIfNotBrief: GeneratedFixturesV2.InlineFragment, Identifiable {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = ItemDetailsQuery.Data.Item
        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Interfaces.Borrowable }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("loanPeriodDays", Int.self),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          ItemDetailsQuery.Data.Item.self,
          ItemDetailsQuery.Data.Item.AsBorrowableIfNotBrief.self,
          CatalogItemSummary.self
        ] }

        public var loanPeriodDays: Int { __data["loanPeriodDays"] }
        public var published: GeneratedFixturesV2.CalendarDate? { __data["published"] }
        public var id: GeneratedFixturesV2.ID { __data["id"] }
        public var title: String { __data["title"] }
        public var genre: GraphQLEnum<GeneratedFixturesV2.Genre>? { __data["genre"] }

        public struct Fragments: FragmentContainer {
          @_spi(Unsafe) public let __data: DataDict
          @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

          public var catalogItemSummary: CatalogItemSummary { _toFragment() }
        }

        public init(
          __typename: String,
          loanPeriodDays: Int,
          published: GeneratedFixturesV2.CalendarDate? = nil,
          id: GeneratedFixturesV2.ID,
          title: String,
          genre: GraphQLEnum<GeneratedFixturesV2.Genre>? = nil
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
