// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Interfaces {
  nonisolated static let Borrowable = ApolloAPI.Interface(
    name: "Borrowable",
    keyFields: nil,
    implementingObjects: [
      "Book",
      "Film"
    ]
  )
}
