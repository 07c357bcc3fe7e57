// @generated
// This file was automatically generated and should not be edited.

@_spi(Internal) @_spi(Unsafe) import ApolloAPI

nonisolated public struct BorrowInput: InputObject {
  @_spi(Unsafe) public private(set) var __data: InputDict

  @_spi(Unsafe) public init(_ data: InputDict) {
    __data = data
  }

  public init(
    cardNumber: String,
    itemId: ID,
    days: GraphQLNullable<Int32> = nil
  ) {
    __data = InputDict([
      "cardNumber": cardNumber,
      "itemId": itemId,
      "days": days
    ])
  }

  public var cardNumber: String {
    get { __data["cardNumber"] }
    set { __data["cardNumber"] = newValue }
  }

  public var itemId: ID {
    get { __data["itemId"] }
    set { __data["itemId"] = newValue }
  }

  public var days: GraphQLNullable<Int32> {
    get { __data["days"] }
    set { __data["days"] = newValue }
  }
}
