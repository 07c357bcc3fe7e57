import ApolloCore

/// The headers and body members each engine writes on its own, whatever the hooks do.
///
/// A request's headers are split by this list into ``ParityWireRequest/engineHeaders`` and
/// ``ParityWireRequest/headers``: an adapter runs old hooks on a newer engine, so its engine headers are
/// the newer engine's, while everything the hooks and the caller control must match the old stack.
public enum ParityWireDialect {
  /// Header names (lowercased) that belong to an engine's dialect.
  public static let engineHeaderNames: Set<String> = Set([
    "Accept", "Content-Type", OperationHeaders.nameField, OperationHeaders.identifierField, OperationHeaders.typeField,
    ClientAwareness.clientNameHeader, ClientAwareness.clientVersionHeader, CSRFPreventionHeader.name,
  ].map { $0.lowercased() })
}
