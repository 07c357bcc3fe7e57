// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

nonisolated public protocol SelectionSet: ApolloAPI.SelectionSet & ApolloAPI.RootSelectionSet
where Schema == GeneratedFixturesV2.SchemaMetadata {}

nonisolated public protocol InlineFragment: ApolloAPI.SelectionSet & ApolloAPI.InlineFragment
where Schema == GeneratedFixturesV2.SchemaMetadata {}

nonisolated public protocol MutableSelectionSet: ApolloAPI.MutableRootSelectionSet
where Schema == GeneratedFixturesV2.SchemaMetadata {}

nonisolated public protocol MutableInlineFragment: ApolloAPI.MutableSelectionSet & ApolloAPI.InlineFragment
where Schema == GeneratedFixturesV2.SchemaMetadata {}

nonisolated public enum SchemaMetadata: ApolloAPI.SchemaMetadata {
  public static let configuration: any ApolloAPI.SchemaConfiguration.Type = SchemaConfiguration.self

  private static let objectTypeMap: [String: ApolloAPI.Object] = [
    "Author": GeneratedFixturesV2.Objects.Author,
    "Book": GeneratedFixturesV2.Objects.Book,
    "Film": GeneratedFixturesV2.Objects.Film,
    "Loan": GeneratedFixturesV2.Objects.Loan,
    "Member": GeneratedFixturesV2.Objects.Member,
    "Mutation": GeneratedFixturesV2.Objects.Mutation,
    "Periodical": GeneratedFixturesV2.Objects.Periodical,
    "Query": GeneratedFixturesV2.Objects.Query,
    "Shelf": GeneratedFixturesV2.Objects.Shelf,
    "Subscription": GeneratedFixturesV2.Objects.Subscription
  ]

  @_spi(Execution) public static func objectType(forTypename typename: String) -> ApolloAPI.Object? {
    objectTypeMap[typename]
  }
}

nonisolated public enum Objects {}
nonisolated public enum Interfaces {}
nonisolated public enum Unions {}
