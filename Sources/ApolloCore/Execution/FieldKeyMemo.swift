@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI

/// The record keys of fields whose arguments name variables, kept for one set of variables.
///
/// A subscription or a `@defer` response is executed once per part, always with the operation's
/// variables, and working such a key out again each time (looking the variable up, converting it,
/// writing `name(argument:value)`) was a fifth of what parsing a small part cost. Whoever holds a memo
/// uses it with one set of variables only: a response parser holds one for its response. Keys that do
/// not depend on variables are already kept by their group (``CollectedFields/Group/fixedCacheKey``).
package final class FieldKeyMemo: Sendable {
  private struct Entry: Sendable {
    /// Held so that the identifier the entry is found by cannot be reused by another group.
    let group: CollectedFields.Group
    let key: String
  }

  /// At most one entry per field group of the operation: bounded by its selections.
  private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

  package init() {}

  /// The key of `group`'s field with `variables`, worked out on first use.
  func key(for group: CollectedFields.Group, variables: ApolloAPI.GraphQLOperation.Variables?) throws -> String {
    if let fixed = group.fixedCacheKey { return fixed }
    let identifier = ObjectIdentifier(group)
    if let entry = entries.withLock({ $0[identifier] }) { return entry.key }
    let key = try group.cacheKey(variables: variables)
    entries.withLock { $0[identifier] = Entry(group: group, key: key) }
    return key
  }
}
