// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Unions {
  static let SearchResult = Union(
    name: "SearchResult",
    possibleTypes: [
      Objects.Book.self,
      Objects.Periodical.self,
      Objects.Author.self
    ]
  )
}
