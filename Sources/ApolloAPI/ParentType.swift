/// The type a selection set is declared on: an ``Object``, an ``Interface`` or a ``Union``.
public protocol ParentType: Sendable {
  /// Whether an object of `objectType` satisfies this type condition.
  func canBeConverted(from objectType: Object) -> Bool
  /// The GraphQL name of the type.
  var __typename: String { get }
}

extension Object: ParentType {
  public func canBeConverted(from objectType: Object) -> Bool { objectType.typename == typename }
  public var __typename: String { typename }
}

extension Interface: ParentType {
  public func canBeConverted(from objectType: Object) -> Bool { objectType.implements(self) }
  public var __typename: String { name }
}

extension Union: ParentType {
  /// Union membership compares whole objects, as upstream does: a typename the schema does not know
  /// is never a member.
  public func canBeConverted(from objectType: Object) -> Bool { possibleTypes.contains(objectType) }
  public var __typename: String { name }
}
