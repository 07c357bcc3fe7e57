// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  static let Shelf = ApolloAPI.Object(
    typename: "Shelf",
    implementedInterfaces: [],
    keyFields: nil
  )
}
