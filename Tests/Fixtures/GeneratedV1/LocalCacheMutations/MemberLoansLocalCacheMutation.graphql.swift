// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI

public class MemberLoansLocalCacheMutation: LocalCacheMutation {
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

  public var __variables: GraphQLOperation.Variables? { [
    "branch": branch,
    "cardNumber": cardNumber
  ] }

  public struct Data: GeneratedFixturesV1.MutableSelectionSet {
    public var __data: DataDict
    public init(_dataDict: DataDict) { __data = _dataDict }

    public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Query }
    public static var __selections: [ApolloAPI.Selection] { [
      .field("member", Member?.self, arguments: ["branch": .variable("branch"), "cardNumber": .variable("cardNumber")]),
    ] }
    public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
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
        "__typename": GeneratedFixturesV1.Objects.Query.typename,
        "member": member._fieldData,
      ])
    }

    /// Member
    ///
    /// Parent Type: `Member`
    public struct Member: GeneratedFixturesV1.MutableSelectionSet {
      public var __data: DataDict
      public init(_dataDict: DataDict) { __data = _dataDict }

      public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Member }
      public static var __selections: [ApolloAPI.Selection] { [
        .field("__typename", String.self),
        .field("name", String.self),
        .field("loans", [Loan].self),
      ] }
      public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
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
          "__typename": GeneratedFixturesV1.Objects.Member.typename,
          "name": name,
          "loans": loans._fieldData,
        ])
      }

      /// Member.Loan
      ///
      /// Parent Type: `Loan`
      public struct Loan: GeneratedFixturesV1.MutableSelectionSet, Identifiable {
        public var __data: DataDict
        public init(_dataDict: DataDict) { __data = _dataDict }

        public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Loan }
        public static var __selections: [ApolloAPI.Selection] { [
          .field("__typename", String.self),
          .field("id", GeneratedFixturesV1.ID.self),
          .field("due", GeneratedFixturesV1.CalendarDate.self),
          .field("item", Item.self),
        ] }
        public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
          MemberLoansLocalCacheMutation.Data.Member.Loan.self
        ] }

        public var id: GeneratedFixturesV1.ID {
          get { __data["id"] }
          set { __data["id"] = newValue }
        }
        public var due: GeneratedFixturesV1.CalendarDate {
          get { __data["due"] }
          set { __data["due"] = newValue }
        }
        public var item: Item {
          get { __data["item"] }
          set { __data["item"] = newValue }
        }

        public init(
          id: GeneratedFixturesV1.ID,
          due: GeneratedFixturesV1.CalendarDate,
          item: Item
        ) {
          self.init(unsafelyWithData: [
            "__typename": GeneratedFixturesV1.Objects.Loan.typename,
            "id": id,
            "due": due,
            "item": item._fieldData,
          ])
        }

        /// Member.Loan.Item
        ///
        /// Parent Type: `CatalogItem`
        public struct Item: GeneratedFixturesV1.MutableSelectionSet {
          public var __data: DataDict
          public init(_dataDict: DataDict) { __data = _dataDict }

          public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Interfaces.CatalogItem }
          public static var __selections: [ApolloAPI.Selection] { [
            .field("__typename", String.self),
            .field("title", String.self),
            .inlineFragment(AsBook.self),
          ] }
          public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
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
          public struct AsBook: GeneratedFixturesV1.MutableInlineFragment {
            public var __data: DataDict
            public init(_dataDict: DataDict) { __data = _dataDict }

            public typealias RootEntityType = MemberLoansLocalCacheMutation.Data.Member.Loan.Item
            public static var __parentType: any ApolloAPI.ParentType { GeneratedFixturesV1.Objects.Book }
            public static var __selections: [ApolloAPI.Selection] { [
              .field("pageCount", Int?.self),
            ] }
            public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
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
                "__typename": GeneratedFixturesV1.Objects.Book.typename,
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
