// @generated
// This file was automatically generated and should not be edited.

@_spi(Internal) @_spi(Unsafe) import ApolloAPI

nonisolated public struct ReviewInput: InputObject {
  @_spi(Unsafe) public private(set) var __data: InputDict

  @_spi(Unsafe) public init(_ data: InputDict) {
    __data = data
  }

  public init(
    stars: Int32,
    commentary: GraphQLNullable<String> = nil
  ) {
    __data = InputDict([
      "stars": stars,
      "commentary": commentary
    ])
  }

  public var stars: Int32 {
    get { __data["stars"] }
    set { __data["stars"] = newValue }
  }

  public var commentary: GraphQLNullable<String> {
    get { __data["commentary"] }
    set { __data["commentary"] = newValue }
  }
}
