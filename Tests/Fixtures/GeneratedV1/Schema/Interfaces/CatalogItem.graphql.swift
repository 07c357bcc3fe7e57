// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Interfaces {
  static let CatalogItem = ApolloAPI.Interface(
    name: "CatalogItem",
    keyFields: ["id"],
    implementingObjects: [
      "Book",
      "Periodical",
      "Film"
    ]
  )
}
