// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public protocol SelectionSet: ApolloAPI.SelectionSet & ApolloAPI.RootSelectionSet
where Schema == GeneratedFixturesV1.SchemaMetadata {}

public protocol InlineFragment: ApolloAPI.SelectionSet & ApolloAPI.InlineFragment
where Schema == GeneratedFixturesV1.SchemaMetadata {}

public protocol MutableSelectionSet: ApolloAPI.MutableRootSelectionSet
where Schema == GeneratedFixturesV1.SchemaMetadata {}

public protocol MutableInlineFragment: ApolloAPI.MutableSelectionSet & ApolloAPI.InlineFragment
where Schema == GeneratedFixturesV1.SchemaMetadata {}

public enum SchemaMetadata: ApolloAPI.SchemaMetadata {
  public static let configuration: any ApolloAPI.SchemaConfiguration.Type = SchemaConfiguration.self

  private static let objectTypeMap: [String: ApolloAPI.Object] = [
    "Author": GeneratedFixturesV1.Objects.Author,
    "Book": GeneratedFixturesV1.Objects.Book,
    "Film": GeneratedFixturesV1.Objects.Film,
    "Loan": GeneratedFixturesV1.Objects.Loan,
    "Member": GeneratedFixturesV1.Objects.Member,
    "Mutation": GeneratedFixturesV1.Objects.Mutation,
    "Periodical": GeneratedFixturesV1.Objects.Periodical,
    "Query": GeneratedFixturesV1.Objects.Query,
    "Shelf": GeneratedFixturesV1.Objects.Shelf,
    "Subscription": GeneratedFixturesV1.Objects.Subscription
  ]

  public static func objectType(forTypename typename: String) -> ApolloAPI.Object? {
    objectTypeMap[typename]
  }
}

public enum Objects {}
public enum Interfaces {}
public enum Unions {}
