@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI

/// The fields of one object after `@include`/`@skip`, type conditions and fragments are resolved:
/// every field selection grouped by response key, in first-seen order, and the fragments the
/// object fulfils or defers.
struct CollectedFields {
  /// The field selections of one response key; the first decides the value's type and cache key.
  struct Group {
    let first: Selection.Field
    /// Further selections of the same key (rare: merged type cases and fragments); kept out of line so
    /// that the common single-selection field allocates nothing.
    var others: [Selection.Field] = []

    /// The selection sets a child object is read with: `rootType` (the first selection's), then that of
    /// every other selection of this key that selects an object.
    func objectSelectionSetTypes(
      startingWith rootType: any ApolloAPI.RootSelectionSet.Type
    ) -> [any ApolloAPI.SelectionSet.Type] {
      var types: [any ApolloAPI.SelectionSet.Type] = [rootType]
      for field in others {
        if case .object(let other) = field.type.namedType, !types.contains(where: { $0 == other }) {
          types.append(other)
        }
      }
      return types
    }
  }

  var groups: [Group] = []
  private var indexByKey: [String: Int] = [:]
  var fulfilled: Set<ObjectIdentifier>
  var deferred: Set<ObjectIdentifier> = []
  /// The deferred fragment types, for sources that try to read them (the cache).
  var deferredTypes: [any ApolloAPI.SelectionSet.Type] = []

  init(fulfilled: Set<ObjectIdentifier>) {
    self.fulfilled = fulfilled
  }

  /// Marks a deferred fragment fulfilled, with the fragments its own fields fulfil.
  mutating func fulfil(deferred type: any ApolloAPI.SelectionSet.Type, by fragmentFields: CollectedFields) {
    fulfilled.formUnion(fragmentFields.fulfilled)
    deferred.remove(ObjectIdentifier(type))
  }

  mutating func add(_ field: Selection.Field) {
    if let index = indexByKey[field.responseKey] {
      groups[index].others.append(field)
    } else {
      indexByKey[field.responseKey] = groups.count
      groups.append(Group(first: field))
    }
  }
}

/// Collects fields the way upstream's default collector does (network and cache reads).
struct FieldCollector {
  let variables: ApolloAPI.GraphQLOperation.Variables?
  /// The object's type from its `__typename`, `nil` when it cannot be known.
  let runtimeType: Object?

  /// The fields of a deferred fragment, read on their own when a source may already hold them.
  func collectDeferred(_ type: any ApolloAPI.SelectionSet.Type) -> CollectedFields {
    var fields = CollectedFields(fulfilled: [ObjectIdentifier(type)])
    collect(type.__selections, into: &fields)
    return fields
  }

  func collect(_ selections: [Selection], into collected: inout CollectedFields) {
    for selection in selections {
      switch selection {
      case .field(let field):
        collected.add(field)
      case .conditional(let conditions, let inner):
        if conditions.evaluate(with: variables) { collect(inner, into: &collected) }
      case .inlineFragment(let type):
        guard let runtimeType, type.__parentType.canBeConverted(from: runtimeType) else { continue }
        collected.fulfilled.insert(ObjectIdentifier(type))
        collect(type.__selections, into: &collected)
      case .fragment(let type):
        // No type check here: code generation wraps a narrower spread in a type case.
        collected.fulfilled.insert(ObjectIdentifier(type))
        collect(type.__selections, into: &collected)
      case .deferred(let condition, let type, _):
        if let condition, !condition.evaluate(with: variables) {
          // `@defer(if: false)`: read now, like any inline fragment.
          collected.fulfilled.insert(ObjectIdentifier(type))
          collect(type.__selections, into: &collected)
        } else if collected.deferred.insert(ObjectIdentifier(type)).inserted {
          collected.deferredTypes.append(type)
        }
      }
    }
  }

  /// The object type of `typename`, or (as 2.x does) a bare object type for a typename the schema
  /// does not know, so that interface type cases listing it still match; without a typename, the
  /// selection set's own type when that is an object type.
  static func runtimeType(
    typename: String?, schema: any SchemaMetadata.Type, parentType: any ParentType
  ) -> Object? {
    if let typename {
      return schema.objectType(forTypename: typename) ?? Object(typename: typename, implementedInterfaces: [])
    }
    return parentType as? Object
  }
}

extension ApolloAPI.SelectionSet {
  /// The schema of a selection-set type known only as an existential metatype.
  static var _schema: any SchemaMetadata.Type { Schema.self }
}
