// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  nonisolated static let Author = ApolloAPI.Object(
    typename: "Author",
    implementedInterfaces: [],
    keyFields: ["id"]
  )
}
