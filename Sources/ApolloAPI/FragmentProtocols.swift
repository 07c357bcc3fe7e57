/// A named fragment (`fragment HeroDetails on Character { … }`).
public protocol Fragment: SelectionSet, Deferrable {
  /// The fragment's text, appended to every operation document that spreads it.
  static var fragmentDefinition: StaticString { get }
}

extension Fragment {
  public static var fragmentDefinition: StaticString { "" }
}

/// A selection set that can be deferred with `@defer`.
public protocol Deferrable: SelectionSet {}

/// The generated `Fragments` struct of a selection set that spreads named fragments.
public protocol FragmentContainer {
  var __data: DataDict { get }
  init(_dataDict: DataDict)
}

extension FragmentContainer {
  /// An unconditional fragment: always available.
  @_disfavoredOverload
  public func _toFragment<T: Fragment>() -> T { T(_dataDict: __data) }

  /// A conditional fragment: available when the executor reached it.
  public func _toFragment<T: Fragment>() -> T? {
    guard __data._fulfilledFragments.contains(ObjectIdentifier(T.self)) else { return nil }
    return T(_dataDict: __data)
  }
}

/// The `Fragments` type of a selection set that spreads none.
public enum NoFragments {}
