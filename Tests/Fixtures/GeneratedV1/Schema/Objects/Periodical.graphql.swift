// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  static let Periodical = ApolloAPI.Object(
    typename: "Periodical",
    implementedInterfaces: [Interfaces.CatalogItem.self],
    keyFields: ["id"]
  )
}
