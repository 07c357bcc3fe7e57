// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  static let Member = ApolloAPI.Object(
    typename: "Member",
    implementedInterfaces: [],
    keyFields: [
      "branch",
      "cardNumber"
    ]
  )
}
