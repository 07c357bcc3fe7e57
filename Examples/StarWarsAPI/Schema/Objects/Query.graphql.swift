// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  nonisolated static let Query = ApolloAPI.Object(
    typename: "Query",
    implementedInterfaces: [],
    keyFields: nil
  )
}
