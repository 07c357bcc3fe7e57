/// A generated selection set: the fields selected on one type, read from a ``DataDict`` that the
/// executor filled and checked.
public protocol SelectionSet: Hashable, Sendable, CustomDebugStringConvertible {
  /// The schema the selection set belongs to.
  associatedtype Schema: SchemaMetadata
  /// The generated `Fragments` container, or ``NoFragments``.
  associatedtype Fragments = NoFragments

  /// What the executor reads.
  static var __selections: [Selection] { get }
  /// The type the selections are declared on.
  static var __parentType: any ParentType { get }
  /// This selection set and every selection set whose fields it includes.
  static var __fulfilledFragments: [any SelectionSet.Type] { get }
  /// The `@defer` fragments directly inside it.
  static var __deferredFragments: [any Deferrable.Type] { get }

  var __data: DataDict { get }
  init(_dataDict: DataDict)
}

extension SelectionSet {
  public static var __selections: [Selection] { [] }
  public static var __fulfilledFragments: [any SelectionSet.Type] { [Self.self] }
  public static var __deferredFragments: [any Deferrable.Type] { [] }

  /// The `__typename` of the data, when selected.
  public var __typename: String? { __data._data["__typename"] as? String }

  /// The schema's object type for the data's `__typename`.
  public var __objectType: Object? { __typename.flatMap { Schema.objectType(forTypename: $0) } }

  /// A type case, when the executor matched it on this data.
  @_disfavoredOverload
  public func _asInlineFragment<T: SelectionSet>() -> T? {
    guard __data._fulfilledFragments.contains(ObjectIdentifier(T.self)) else { return nil }
    return T(_dataDict: __data)
  }

  /// A type case that exists only to merge others: available when all of them matched.
  public func _asInlineFragment<T: CompositeInlineFragment>() -> T? {
    for source in T.__mergedSources where !__data._fulfilledFragments.contains(ObjectIdentifier(source)) {
      return nil
    }
    return T(_dataDict: __data)
  }

  /// Builds the selection set from hand-provided data, as generated initializers do: the data fulfils
  /// every fragment in ``__fulfilledFragments``.
  public init(unsafelyWithData data: [String: DataDict.FieldValue]) {
    let fulfilled = Set(Self.__fulfilledFragments.map(ObjectIdentifier.init))
    self.init(_dataDict: DataDict(data: data, fulfilledFragments: fulfilled, deferredFragments: []))
  }

  public var debugDescription: String { "\(Self.self): \(__data._data)" }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    SelectionSetEquality.fieldsEqual(lhs.__data, rhs.__data, in: Self.self)
  }

  public func hash(into hasher: inout Hasher) {
    SelectionSetEquality.hash(__data, in: Self.self, into: &hasher)
  }
}

extension SelectionSet where Fragments: FragmentContainer {
  /// The named fragments the selection set spreads.
  public var fragments: Fragments { Fragments(_dataDict: __data) }
}

/// A selection set that can be a field's type: an operation's `Data` and every entity inside it.
public protocol RootSelectionSet: SelectionSet, SelectionSetEntityValue, OutputTypeConvertible {}

extension RootSelectionSet {
  public static var _asOutputType: Selection.Field.OutputType { .nonNull(.object(self)) }

  public init(_fieldData data: DataDict.FieldValue?) {
    guard let dataDict = data as? DataDict else {
      preconditionFailure("\(Self.self) expected a DataDict for an entity field, found \(String(describing: data))")
    }
    self.init(_dataDict: dataDict)
  }

  public var _fieldData: DataDict.FieldValue { __data }

  /// The root entity of a type case, over the same data.
  public init<T: InlineFragment>(_ inlineFragment: T) where T.RootEntityType == Self {
    self.init(_dataDict: inlineFragment.__data)
  }
}

/// A type case (`... on Droid`), a conditional group, or a deferred fragment inside an entity.
public protocol InlineFragment: SelectionSet, Deferrable {
  /// The selection set of the entity this fragment belongs to (what `asRootEntityType` converts back to).
  associatedtype RootEntityType: RootSelectionSet
}

extension InlineFragment {
  /// The entity this type case belongs to, over the same data.
  public var asRootEntityType: RootEntityType { RootEntityType(_dataDict: __data) }
}

/// A selection set generated only to merge fields of several others.
public protocol CompositeSelectionSet: SelectionSet {}

/// A type case generated only to merge others; it is available when all of its sources matched.
public protocol CompositeInlineFragment: CompositeSelectionSet, InlineFragment {
  static var __mergedSources: [any SelectionSet.Type] { get }
}
