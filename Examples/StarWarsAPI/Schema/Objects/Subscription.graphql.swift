// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  nonisolated static let Subscription = ApolloAPI.Object(
    typename: "Subscription",
    implementedInterfaces: [],
    keyFields: nil
  )
}
