// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  nonisolated static let Loan = ApolloAPI.Object(
    typename: "Loan",
    implementedInterfaces: [],
    keyFields: ["id"]
  )
}
