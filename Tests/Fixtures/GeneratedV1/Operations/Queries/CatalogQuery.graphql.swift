// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI

public class CatalogQuery: GraphQLQuery {
  public static let operationName: String = "Catalog"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    definition: .init(
      #"query Catalog($filter: CatalogFilter, $first: Int = 20, $includeShelves: Boolean!) { catalog(filter: $filter, first: $first) { __typename ...CatalogItemSummary ... @defer(label: "extra") { published } } newest: catalog(first: 1) { __typename title } shelves(branch: "main") @include(if: $includeShelves) { __typename code items { __typename id } } }"#,
      fragments: [CatalogItemSummary.self]
    ))

  public var filter: GraphQLNullable<CatalogFilter>
  public var first: GraphQLNullable<Int>
  public var includeShelves: Bool

  public init(
    filter: GraphQLNullable<CatalogFilter>,
    first: GraphQLNullable<Int> = 20,
    includeShelves: Bool
  ) {
    self.filter = filter
    self.first = first
    self.includeShelves = includeShelves
  }

  public var __variables: Variables? { [
    "filter": filter,
    "first": first,
    "includeShelves": includeShelves
  ] }

  public struct Data: GeneratedFixturesV1.SelectionSet {
    public let __data: DataDict
    public init(_dataDict: DataDict) { __data = _dataDict }

    public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Query }
    public static var __selections: [ApolloAPI.Selection] { [
      .field("catalog", [Catalog].self, arguments: ["filter": .variable("filter"), "first": .variable("first")]),
      .field("catalog", alias: "newest", [Newest].self, arguments: ["first": 1]),
      .include(if: "includeShelves", .field("shelves", [[Shelf]?].self, arguments: ["branch": "main"])),
    ] }
    public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
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
        "__typename": GeneratedFixturesV1.Objects.Query.typename,
        "catalog": catalog._fieldData,
        "newest": newest._fieldData,
        "shelves": shelves._fieldData,
      ])
    }

    /// Catalog
    ///
    /// Parent Type: `CatalogItem`
    public struct Catalog: GeneratedFixturesV1.SelectionSet, Identifiable {
      public let __data: DataDict
      public init(_dataDict: DataDict) { __data = _dataDict }

      public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Interfaces.CatalogItem }
      public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .deferred(Extra.self, label: "extra"),
        .fragment(CatalogItemSummary.self),
      ] }
      public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        CatalogQuery.Data.Catalog.self,
        CatalogItemSummary.self
      ] }
      public static var __deferredFragments: [any ApolloAPI.Deferrable.Type] { [
        CatalogQuery.Data.Catalog.Extra.self
      ] }

      public var id: GeneratedFixturesV1.ID { __data["id"] }
      public var title: String { __data["title"] }
      public var genre: GraphQLEnum<GeneratedFixturesV1.Genre>? { __data["genre"] }

      public var asBook: AsBook? { _asInlineFragment() }

      public struct Fragments: FragmentContainer {
        public let __data: DataDict
        public init(_dataDict: DataDict) {
          __data = _dataDict
          _extra = Deferred(_dataDict: _dataDict)
        }

        public var catalogItemSummary: CatalogItemSummary { _toFragment() }
        @Deferred public var extra: Extra?
      }

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

      /// Catalog.AsBook
      ///
      /// Parent Type: `Book`
      public struct AsBook: GeneratedFixturesV1.InlineFragment, ApolloAPI.CompositeInlineFragment, Identifiable {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = CatalogQuery.Data.Catalog
        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Book }
        public static var __mergedSources: [any ApolloAPI.SelectionSet.Type] { [
          CatalogQuery.Data.Catalog.self,
          CatalogItemSummary.AsBook.self
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          CatalogQuery.Data.Catalog.self,
          CatalogQuery.Data.Catalog.AsBook.self,
          CatalogItemSummary.self,
          CatalogItemSummary.AsBook.self
        ] }

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
          id: GeneratedFixturesV1.ID,
          title: String,
          genre: GraphQLEnum<GeneratedFixturesV1.Genre>? = nil,
          isbn: GeneratedFixturesV1.ISBN
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV1.Objects.Book.typename,
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
      public struct Extra: GeneratedFixturesV1.InlineFragment, Identifiable {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public typealias RootEntityType = CatalogQuery.Data.Catalog
        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Interfaces.CatalogItem }
        public static var __selections: [ApolloAPI.Selection] { [
          .field("published", GeneratedFixturesV1.CalendarDate?.self),
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          CatalogQuery.Data.Catalog.self,
          CatalogQuery.Data.Catalog.Extra.self,
          CatalogItemSummary.self
        ] }

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
      }
    }

    /// Newest
    ///
    /// Parent Type: `CatalogItem`
    public struct Newest: GeneratedFixturesV1.SelectionSet {
      public let __data: DataDict
      public init(_dataDict: DataDict) { __data = _dataDict }

      public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Interfaces.CatalogItem }
      public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("title", String.self),
      ] }
      public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
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
    public struct Shelf: GeneratedFixturesV1.SelectionSet {
      public let __data: DataDict
      public init(_dataDict: DataDict) { __data = _dataDict }

      public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Shelf }
      public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("code", String.self),
        .field("items", [Item].self),
      ] }
      public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        CatalogQuery.Data.Shelf.self
      ] }

      public var code: String { __data["code"] }
      public var items: [Item] { __data["items"] }

      public init(
        code: String,
        items: [Item]
      ) {
        self.init(unsafelyWithData: [
          "__typename": GeneratedFixturesV1.Objects.Shelf.typename,
          "code": code,
          "items": items._fieldData,
        ])
      }

      /// Shelf.Item
      ///
      /// Parent Type: `CatalogItem`
      public struct Item: GeneratedFixturesV1.SelectionSet, Identifiable {
        public let __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Interfaces.CatalogItem }
        public static var __selections: [ApolloAPI.Selection] { [
          .field("__typename", String.self),
          .field("id", GeneratedFixturesV1.ID.self),
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          CatalogQuery.Data.Shelf.Item.self
        ] }

        public var id: GeneratedFixturesV1.ID { __data["id"] }

        public init(
          __typename: String,
          id: GeneratedFixturesV1.ID
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

  enum DeferredFragmentIdentifiers {
    static let extra = DeferredFragmentIdentifier(label: "extra", fieldPath: ["catalog"])
  }

  public static var deferredFragments: [DeferredFragmentIdentifier: any ApolloAPI.SelectionSet.Type]? {[
    DeferredFragmentIdentifiers.extra: Data.Catalog.Extra.self,
  ]}
}
