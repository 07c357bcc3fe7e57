// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

nonisolated public struct MemberLoansLocalCacheMutation: LocalCacheMutation {
  public static let operationType: GraphQLOperationType = .query

  public var branch: String
  public var cardNumber: String

  public init(
    branch: String,
    cardNumber: String
  ) {
    self.branch = branch
    self.cardNumber = cardNumber
  }

  @_spi(Unsafe) public var __variables: GraphQLOperation.Variables? { [
    "branch": branch,
    "cardNumber": cardNumber
  ] }

  nonisolated public struct Data: GeneratedFixturesV2.MutableSelectionSet {
    @_spi(Unsafe) public var __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Query }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("member", Member?.self, arguments: ["branch": .variable("branch"), "cardNumber": .variable("cardNumber")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      MemberLoansLocalCacheMutation.Data.self
    ] }

    public var member: Member? {
      get { __data["member"] }
      set { __data["member"] = newValue }
    }

    public init(
      member: Member? = nil
    ) {
      self.init(unsafelyWithData: [
        "__typename": GeneratedFixturesV2.Objects.Query.typename,
        "member": member._fieldData,
      ])
    }

    /// Member
    ///
    /// Parent Type: `Member`
    nonisolated public struct Member: GeneratedFixturesV2.MutableSelectionSet {
      @_spi(Unsafe) public var __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Member }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("name", String.self),
        .field("loans", [Loan].self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        MemberLoansLocalCacheMutation.Data.Member.self
      ] }

      public var name: String {
        get { __data["name"] }
        set { __data["name"] = newValue }
      }
      public var loans: [Loan] {
        get { __data["loans"] }
        set { __data["loans"] = newValue }
      }

      public init(
        name: String,
        loans: [Loan]
      ) {
        self.init(unsafelyWithData: [
          "__typename": GeneratedFixturesV2.Objects.Member.typename,
          "name": name,
          "loans": loans._fieldData,
        ])
      }

      /// Member.Loan
      ///
      /// Parent Type: `Loan`
      nonisolated public struct Loan: GeneratedFixturesV2.MutableSelectionSet, Identifiable {
        @_spi(Unsafe) public var __data: DataDict
        @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

        @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Loan }
        @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
          .field("__typename", String.self),
          .field("id", GeneratedFixturesV2.ID.self),
          .field("due", GeneratedFixturesV2.CalendarDate.self),
          .field("item", Item.self),
        ] }
        @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          MemberLoansLocalCacheMutation.Data.Member.Loan.self
        ] }

        public var id: GeneratedFixturesV2.ID {
          get { __data["id"] }
          set { __data["id"] = newValue }
        }
        public var due: GeneratedFixturesV2.CalendarDate {
          get { __data["due"] }
          set { __data["due"] = newValue }
        }
        public var item: Item {
          get { __data["item"] }
          set { __data["item"] = newValue }
        }

        public init(
          id: GeneratedFixturesV2.ID,
          due: GeneratedFixturesV2.CalendarDate,
          item: Item
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV2.Objects.Loan.typename,
            "id": id,
            "due": due,
            "item": item._fieldData,
          ])
        }

        /// Member.Loan.Item
        ///
        /// Parent Type: `CatalogItem`
        nonisolated public struct Item: GeneratedFixturesV2.MutableSelectionSet {
          @_spi(Unsafe) public var __data: DataDict
          @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

          @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Interfaces.CatalogItem }
          @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
            .field("__typename", String.self),
            .field("title", String.self),
            .inlineFragment(AsBook.self),
          ] }
          @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
            MemberLoansLocalCacheMutation.Data.Member.Loan.Item.self
          ] }

          public var title: String {
            get { __data["title"] }
            set { __data["title"] = newValue }
          }

          public var asBook: AsBook? {
            get { _asInlineFragment() }
            set { if let newData = newValue?.__data._data { __data._data = newData }}
          }

          public init(
            __typename: String,
            title: String
          ) {
            self.init(unsafelyWithData: [
              "__typename": __typename,
              "title": title,
            ])
          }

          /// Member.Loan.Item.AsBook
          ///
          /// Parent Type: `Book`
          nonisolated public struct AsBook: GeneratedFixturesV2.MutableInlineFragment {
            @_spi(Unsafe) public var __data: DataDict
            @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

            public typealias RootEntityType = MemberLoansLocalCacheMutation.Data.Member.Loan.Item
            @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV2.Objects.Book }
            @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
              .field("pageCount", Int?.self),
            ] }
            @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
              MemberLoansLocalCacheMutation.Data.Member.Loan.Item.self,
              MemberLoansLocalCacheMutation.Data.Member.Loan.Item.AsBook.self
            ] }

            public var pageCount: Int? {
              get { __data["pageCount"] }
              set { __data["pageCount"] = newValue }
            }
            public var title: String {
              get { __data["title"] }
              set { __data["title"] = newValue }
            }

            public init(
              pageCount: Int? = nil,
              title: String
            ) {
              self.init(unsafelyWithData: [
                "__typename": GeneratedFixturesV2.Objects.Book.typename,
                "pageCount": pageCount,
                "title": title,
              ])
            }
          }
        }
      }
    }
  }
}
