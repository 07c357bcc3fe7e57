// @generated
// This file was automatically generated and should not be edited.

@_spi(Internal) @_spi(Unsafe) import ApolloAPI

nonisolated public struct AvailabilityFilter: InputObject {
  @_spi(Unsafe) public private(set) var __data: InputDict

  @_spi(Unsafe) public init(_ data: InputDict) {
    __data = data
  }

  public init(
    branch: String,
    minCopies: GraphQLNullable<Int32> = nil
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

  public var minCopies: GraphQLNullable<Int32> {
    get { __data["minCopies"] }
    set { __data["minCopies"] = newValue }
  }
}
