// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  nonisolated static let Human = ApolloAPI.Object(
    typename: "Human",
    implementedInterfaces: [Interfaces.Character.self],
    keyFields: nil
  )
}
