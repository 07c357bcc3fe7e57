// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public struct AvailabilityFilter: InputObject {
  public private(set) var __data: InputDict

  public init(_ data: InputDict) {
    __data = data
  }

  public init(
    branch: String,
    minCopies: GraphQLNullable<Int> = nil
  ) {
    __data = InputDict([
      "branch": branch,
      "minCopies": minCopies
    ])
  }

  public var branch: String {
    get { __data["branch"] }
    set { __data["branch"] = newValue }
  }

  public var minCopies: GraphQLNullable<Int> {
    get { __data["minCopies"] }
    set { __data["minCopies"] = newValue }
  }
}
