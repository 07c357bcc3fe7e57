// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  nonisolated static let Droid = ApolloAPI.Object(
    typename: "Droid",
    implementedInterfaces: [Interfaces.Character.self],
    keyFields: nil
  )
}
