import Foundation

/// Encodes a request body into the URL of a GET request (0.x).
///
/// Members are added in sorted key order, objects as sorted-key compact JSON, strings as they are. Two
/// 0.x defects are fixed (MIGRATION.md): `+` is percent-encoded (servers read a literal `+` as a
/// space), and query items already on the endpoint URL are kept instead of being replaced. As in 0.x,
/// `variables: null` leaves the `variables` parameter out.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.URLQueryParameterTransformer; until then ApolloMigration.HTTPNetworkTransportOnAsyncChain sends 0.x GET URLs on the 2.x engine")
#endif
public struct GraphQLGETTransformer {
  private let body: GraphQLMap
  private let url: URL

  /// Prepares to encode `body` into the query of `url`; nothing is encoded until ``createGetURL()``.
  public init(body: GraphQLMap, url: URL) {
    self.body = body
    self.url = url
  }

  /// The GET URL, or `nil` when the endpoint URL cannot carry query items.
  public func createGetURL() -> URL? {
    var members = body
    if case .null? = members["variables"] { members["variables"] = nil }
    return GETRequestEncoder.url(for: members, baseURL: url)
  }
}
