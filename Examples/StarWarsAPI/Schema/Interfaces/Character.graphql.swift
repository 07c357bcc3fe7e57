// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public extension Interfaces {
  nonisolated static let Character = ApolloAPI.Interface(
    name: "Character",
    keyFields: nil,
    implementingObjects: [
      "Droid",
      "Human"
    ]
  )
}
