// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Objects {
  nonisolated static let File = ApolloAPI.Object(
    typename: "File",
    implementedInterfaces: [],
    keyFields: nil
  )
}
