// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  static let Film = ApolloAPI.Object(
    typename: "Film",
    implementedInterfaces: [
      Interfaces.CatalogItem.self,
      Interfaces.Borrowable.self
    ],
    keyFields: ["id"]
  )
}
