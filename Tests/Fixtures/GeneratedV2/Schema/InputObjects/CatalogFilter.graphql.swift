// @generated
// This file was automatically generated and should not be edited.

@_spi(Internal) @_spi(Unsafe) import ApolloAPI

nonisolated public struct CatalogFilter: InputObject {
  @_spi(Unsafe) public private(set) var __data: InputDict

  @_spi(Unsafe) public init(_ data: InputDict) {
    __data = data
  }

  public init(
    genres: GraphQLNullable<[GraphQLEnum<Genre>]> = nil,
    titleContains: GraphQLNullable<String> = nil,
    publishedAfter: GraphQLNullable<CalendarDate> = nil,
    availability: GraphQLNullable<AvailabilityFilter> = nil
  ) {
    __data = InputDict([
      "genres": genres,
      "titleContains": titleContains,
      "publishedAfter": publishedAfter,
      "availability": availability
    ])
  }

  public var genres: GraphQLNullable<[GraphQLEnum<Genre>]> {
    get { __data["genres"] }
    set { __data["genres"] = newValue }
  }

  public var titleContains: GraphQLNullable<String> {
    get { __data["titleContains"] }
    set { __data["titleContains"] = newValue }
  }

  public var publishedAfter: GraphQLNullable<CalendarDate> {
    get { __data["publishedAfter"] }
    set { __data["publishedAfter"] = newValue }
  }

  public var availability: GraphQLNullable<AvailabilityFilter> {
    get { __data["availability"] }
    set { __data["availability"] = newValue }
  }
}
