// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

nonisolated public struct CatalogQuery: GraphQLQuery {
  public static let operationName: String = "Catalog"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    definition: .init(
      #"query Catalog($filter: CatalogFilter, $first: Int = 20, $includeShelves: Boolean!) { catalog(filter: $filter, first: $first) { __typename ...CatalogItemSummary ... @defer(label: "extra") { published } } newest: catalog(first: 1) { __typename title } shelves(branch: "main") @include(if: $includeShelves) { __typename code items { __typename id } } }"#,
      fragments: [CatalogItemSummary.self]
    ))

  public var filter: GraphQLNullable<CatalogFilter>
  public var first: GraphQLNullable<Int32>
  public var includeShelves: Bool

  public init(
    filter: GraphQLNullable<CatalogFilter>,
    first: GraphQLNullable<Int32> = 20,
    includeShelves: Bool
  ) {
    self.filter = filter
    self.first = first
    self.includeShelves = includeShelves
  }

  @_spi(Unsafe) public var __variables: Variables? { [
    "filter": filter,
    "first": first,
    "includeShelves": includeShelves
  ] }

  nonisolated public struct Data: GeneratedFixturesV2.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Query }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("catalog", [Catalog].self, arguments: ["filter": .variable("filter"), "first": .variable("first")]),
      .field("catalog", alias: "newest", [Newest].self, arguments: ["first": 1]),
      .include(if: "includeShelves", .field("shelves", [[Shelf]?].self, arguments: ["branch": "main"])),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      CatalogQuery.Data.self
    ] }

    public var catalog: [Catalog] { __data["catalog"] }
    public var newest: [Newest] { __data["newest"] }
    public var shelves: [[Shelf]?]? { __data["shelves"] }

    public init(
      catalog: [Catalog],
      newest: [Newest],
      shelves: [[Shelf]?]? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV2.Objects.Query.typename,
        "catalog": catalog._fieldData,
        "newest": newest._fieldData,
        "shelves": shelves._fieldData,
      ])
    }

    /// Catalog
    ///
    /// Parent Type: `CatalogItem`
    nonisolated public struct Catalog: GeneratedFixturesV2.SelectionSet, Identifiable {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Interfaces.CatalogItem }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .deferred(Extra.self, label: "extra"),
        .fragment(CatalogItemSummary.self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        CatalogQuery.Data.Catalog.self,
        CatalogItemSummary.self
      ] }
      @_spi(Execution) public static var __deferredFragments: [any ApolloAPI.Deferrable.Type] { [
        CatalogQuery.Data.Catalog.Extra.self
      ] }

      public var id: GeneratedFixturesV2.ID { __data["id"] }
      public var title: String { __data["title"] }
      public var genre: GraphQLEnum<GeneratedFixturesV2.Genre>? { __data["genre"] }

      public var asBook: AsBook? { _asInlineFragment() }

      public struct Fragments: FragmentContainer {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) {
          __data = _dataDict
          _extra = Deferred(_dataDict: _dataDict)
        }

        public var catalogItemSummary: CatalogItemSummary { _toFragment() }
        @Deferred public var extra: Extra?
      }

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

      /// Catalog.AsBook
      ///
      /// Parent Type: `Book`
      nonisolated public struct AsBook: GeneratedFixturesV2.InlineFragment, ApolloAPI.CompositeInlineFragment, Identifiable {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = CatalogQuery.Data.Catalog
        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Book }
        @_spi(Execution) public static var __mergedSources: [any ApolloAPI.SelectionSet.Type] { [
          CatalogQuery.Data.Catalog.self,
          CatalogItemSummary.AsBook.self
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          CatalogQuery.Data.Catalog.self,
          CatalogQuery.Data.Catalog.AsBook.self,
          CatalogItemSummary.self,
          CatalogItemSummary.AsBook.self
        ] }

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
          id: GeneratedFixturesV2.ID,
          title: String,
          genre: GraphQLEnum<GeneratedFixturesV2.Genre>? = nil,
          isbn: GeneratedFixturesV2.ISBN
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV2.Objects.Book.typename,
            "id": id,
            "title": title,
            "genre": genre,
            "isbn": isbn,
          ])
        }
      }

      /// Catalog.Extra
      ///
      /// Parent Type: `CatalogItem`
      nonisolated public struct Extra: GeneratedFixturesV2.InlineFragment, Identifiable {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = CatalogQuery.Data.Catalog
        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Interfaces.CatalogItem }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("published", GeneratedFixturesV2.CalendarDate?.self),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          CatalogQuery.Data.Catalog.self,
          CatalogQuery.Data.Catalog.Extra.self,
          CatalogItemSummary.self
        ] }

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
      }
    }

    /// Newest
    ///
    /// Parent Type: `CatalogItem`
    nonisolated public struct Newest: GeneratedFixturesV2.SelectionSet {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Interfaces.CatalogItem }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("title", String.self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        CatalogQuery.Data.Newest.self
      ] }

      public var title: String { __data["title"] }

      public init(
        __typename: String,
        title: String
      ) {
        self.init(unsafelyWithData: [
          "__typename": __typename,
          "title": title,
        ])
      }
    }

    /// Shelf
    ///
    /// Parent Type: `Shelf`
    nonisolated public struct Shelf: GeneratedFixturesV2.SelectionSet {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Shelf }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("code", String.self),
        .field("items", [Item].self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        CatalogQuery.Data.Shelf.self
      ] }

      public var code: String { __data["code"] }
      public var items: [Item] { __data["items"] }

      public init(
        code: String,
        items: [Item]
      ) {
        self.init(unsafelyWithData: [
          "__typename": GeneratedFixturesV2.Objects.Shelf.typename,
          "code": code,
          "items": items._fieldData,
        ])
      }

      /// Shelf.Item
      ///
      /// Parent Type: `CatalogItem`
      nonisolated public struct Item: GeneratedFixturesV2.SelectionSet, Identifiable {
        @_spi(Unsafe) public let __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Interfaces.CatalogItem }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("__typename", String.self),
          .field("id", GeneratedFixturesV2.ID.self),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          CatalogQuery.Data.Shelf.Item.self
        ] }

        public var id: GeneratedFixturesV2.ID { __data["id"] }

        public init(
          __typename: String,
          id: GeneratedFixturesV2.ID
        ) {
          self.init(unsafelyWithData: [
            "__typename": __typename,
            "id": id,
          ])
        }
      }
    }
  }

  // MARK: - Deferred Fragment Metadata

  public typealias ResponseFormat = IncrementalDeferredResponseFormat
  enum DeferredFragmentIdentifiers {
    static let extra = DeferredFragmentIdentifier(label: "extra", fieldPath: ["catalog"])
  }

  public static let responseFormat: ResponseFormat = IncrementalDeferredResponseFormat(
    deferredFragments: [
      DeferredFragmentIdentifiers.extra: Data.Catalog.Extra.self,
    ]
  )
}
