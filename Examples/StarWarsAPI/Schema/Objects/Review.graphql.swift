// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  nonisolated static let Review = ApolloAPI.Object(
    typename: "Review",
    implementedInterfaces: [],
    keyFields: nil
  )
}
