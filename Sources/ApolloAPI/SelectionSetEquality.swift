/// Selection-set equality as upstream defines it: only the fields of fragments the data fulfils
/// take part, so data from the network, the cache or an initializer compare equal when those fields do.
enum SelectionSetEquality {
  static func fieldsEqual<T: SelectionSet>(_ lhs: DataDict, _ rhs: DataDict, in type: T.Type) -> Bool {
    for key in comparedKeys(lhs, type) where
      FieldValueComparison.canonical(lhs._data[key]) != FieldValueComparison.canonical(rhs._data[key]) {
      return false
    }
    return true
  }

  static func hash<T: SelectionSet>(_ data: DataDict, in type: T.Type, into hasher: inout Hasher) {
    for key in comparedKeys(data, type).sorted() {
      hasher.combine(key)
      hasher.combine(FieldValueComparison.canonical(data._data[key]))
    }
  }

  /// The response keys selected by the fulfilled fragments of `type`.
  private static func comparedKeys<T: SelectionSet>(_ data: DataDict, _ type: T.Type) -> Set<String> {
    var keys: Set<String> = []
    var visited: Set<ObjectIdentifier> = []
    for fragment in T.__fulfilledFragments {
      collect(fragment.__selections, data: data, keys: &keys, visited: &visited)
    }
    return keys
  }

  private static func collect(
    _ selections: [Selection], data: DataDict, keys: inout Set<String>, visited: inout Set<ObjectIdentifier>
  ) {
    for selection in selections {
      switch selection {
      case .field(let field):
        keys.insert(field.responseKey)
      case .conditional(_, let inner):
        collect(inner, data: data, keys: &keys, visited: &visited)
      case .inlineFragment(let type as any SelectionSet.Type),
           .fragment(let type as any SelectionSet.Type),
           .deferred(_, let type as any SelectionSet.Type, _):
        let id = ObjectIdentifier(type)
        guard data._fulfilledFragments.contains(id), visited.insert(id).inserted else { continue }
        collect(type.__selections, data: data, keys: &keys, visited: &visited)
      }
    }
  }
}
