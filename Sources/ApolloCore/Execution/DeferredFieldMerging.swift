@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI

/// Joins what a `@defer` fragment read into the data its object already holds.
///
/// A fragment may select a field its parent selected too, with other subfields (`friend { id }` beside
/// `... @defer { friend { name } }`). Both reads see the same response value, so their results are two
/// views of one object: the object's data must hold the subfields of both, or the fragment's accessors
/// would find theirs missing. Objects are joined field by field, lists element by element (they hold the
/// same elements, read with different subfields); anything else is the same value read twice, and the
/// parent's is kept.
enum DeferredFieldMerging {
  /// `fragment`'s values joined into `data`.
  static func merge(_ fragment: [String: DataDict.FieldValue], into data: inout [String: DataDict.FieldValue]) {
    for (key, value) in fragment {
      if let current = data[key] {
        data[key] = merged(current, value)
      } else {
        data[key] = value
      }
    }
  }

  private static func merged(_ current: DataDict.FieldValue, _ fragment: DataDict.FieldValue) -> DataDict.FieldValue {
    switch (current, fragment) {
    case (let current as DataDict, let fragment as DataDict):
      return merged(current, fragment)
    case (let current as DataDict.List, let fragment as DataDict.List) where current.elements.count == fragment.elements.count:
      return DataDict.List(zip(current.elements, fragment.elements).map { current, fragment -> DataDict.FieldValue? in
        guard let current, let fragment else { return current ?? fragment }
        return merged(current, fragment)
      })
    default:
      return current
    }
  }

  private static func merged(_ current: DataDict, _ fragment: DataDict) -> DataDict {
    var data = current._data
    merge(fragment._data, into: &data)
    let fulfilled = current._fulfilledFragments.union(fragment._fulfilledFragments)
    let deferred = current._deferredFragments.union(fragment._deferredFragments).subtracting(fulfilled)
    return DataDict(data: data, fulfilledFragments: fulfilled, deferredFragments: deferred)
  }
}
