/// A generated local cache mutation: a writable selection set read from and written to the cache.
public protocol LocalCacheMutation: Sendable, Hashable {
  /// The root the mutation's selections start at (usually `.query`: the data is read from and written
  /// back to the query root).
  static var operationType: GraphQLOperationType { get }
  var __variables: GraphQLOperation.Variables? { get }
  /// The writable selection set generated for the mutation; the store reads it, the app changes it, the
  /// store writes it back.
  associatedtype Data: MutableRootSelectionSet
}

extension LocalCacheMutation {
  public var __variables: GraphQLOperation.Variables? { nil }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.__variables.map { FieldValueComparison.canonical($0._jsonVariablesObject) })
      == AnyHashable(rhs.__variables.map { FieldValueComparison.canonical($0._jsonVariablesObject) })
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(__variables.map { FieldValueComparison.canonical($0._jsonVariablesObject) })
  }
}

/// A selection set whose fields can be changed.
public protocol MutableSelectionSet: SelectionSet {
  var __data: DataDict { get set }
}

extension MutableSelectionSet {
  public var __typename: String? {
    get { __data._data["__typename"] as? String }
    set { __data._data["__typename"] = newValue }
  }
}

extension MutableSelectionSet where Fragments: FragmentContainer {
  /// The fragments; changes made through them are written back.
  public var fragments: Fragments {
    get { Fragments(_dataDict: __data) }
    _modify {
      var fragments = Fragments(_dataDict: __data)
      yield &fragments
      __data._data = fragments.__data._data
    }
  }
}

/// The root of a mutable model.
public protocol MutableRootSelectionSet: RootSelectionSet, MutableSelectionSet {}

extension MutableRootSelectionSet {
  /// Runs `transform` on the type case at `keyPath` if the data fulfils it, and writes the change back.
  @discardableResult
  public mutating func mutateIfFulfilled<T: InlineFragment & MutableSelectionSet>(
    _ keyPath: KeyPath<Self, T?>, _ transform: (inout T) -> Void
  ) -> Bool {
    guard var fragment = self[keyPath: keyPath] else { return false }
    transform(&fragment)
    __data = fragment.__data
    return true
  }
}

extension MutableSelectionSet where Self: InlineFragment {
  /// Runs `transform` on the nested type case at `keyPath` if the data fulfils it, and writes the change
  /// back into this fragment's data; returns whether it ran.
  @discardableResult
  public mutating func mutateIfFulfilled<T: InlineFragment & MutableSelectionSet>(
    _ keyPath: KeyPath<Self, T?>, _ transform: (inout T) -> Void
  ) -> Bool {
    guard var fragment = self[keyPath: keyPath] else { return false }
    transform(&fragment)
    __data = fragment.__data
    return true
  }
}
