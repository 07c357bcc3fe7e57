/// The headers and body members each engine writes on its own, whatever the hooks do.
///
/// A request's headers are split by this list into ``ParityWireRequest/engineHeaders`` and
/// ``ParityWireRequest/headers``: an adapter runs old hooks on a newer engine, so its engine headers are
/// the newer engine's, while everything the hooks and the caller control must match the old stack.
public enum ParityWireDialect {
  /// Header names (lowercased) that belong to an engine's dialect.
  public static let engineHeaderNames: Set<String> = [
    "accept", "content-type", "x-apollo-operation-name", "x-apollo-operation-id", "x-apollo-operation-type",
    "apollographql-client-name", "apollographql-client-version", "apollo-require-preflight",
  ]
}
