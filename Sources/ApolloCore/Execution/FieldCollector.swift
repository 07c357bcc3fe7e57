@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI

/// The fields of one object after `@include`/`@skip`, type conditions and fragments are resolved:
/// every field selection grouped by response key, in first-seen order, and the fragments the
/// object fulfils or defers.
struct CollectedFields {
  /// The field selections of one response key; the first decides the value's type and cache key.
  ///
  /// A class, built once when collection ends and never changed: the executors walk the groups of every
  /// object, and a shared reference copies for the price of one retain.
  final class Group: Sendable {
    let first: Selection.Field
    /// The key of the value in the response (and in the data read).
    let responseKey: String
    /// The field's key inside a record when it does not depend on the variables (no arguments, or only
    /// literal ones); `nil` when it has to be worked out for each execution.
    let fixedCacheKey: String?
    /// Further selections of the same key (rare: merged type cases and fragments).
    let others: [Selection.Field]
    /// For an object field, the selection sets a child object is read with: the first selection's, then
    /// that of every other selection of this key that selects an object.
    let objectTypes: [any ApolloAPI.SelectionSet.Type]

    init(first: Selection.Field, others: [Selection.Field]) {
      self.first = first
      self.others = others
      self.responseKey = first.responseKey
      // Evaluating without variables fails exactly when an argument names a variable.
      self.fixedCacheKey = try? FieldCacheKey.key(for: first, variables: nil)
      if case .object(let rootType) = first.type.namedType {
        objectTypes = Self.objectTypes(rootType: rootType, others: others)
      } else {
        objectTypes = []
      }
    }

    /// The field's key inside a record, with `variables` substituted into its arguments.
    func cacheKey(variables: ApolloAPI.GraphQLOperation.Variables?) throws -> String {
      if let fixedCacheKey { return fixedCacheKey }
      return try FieldCacheKey.key(for: first, variables: variables)
    }

    /// The selection sets a child object is read with, `rootType` (the first selection's) first.
    func objectSelectionSetTypes(
      startingWith rootType: any ApolloAPI.RootSelectionSet.Type
    ) -> [any ApolloAPI.SelectionSet.Type] {
      if let first = objectTypes.first, first == rootType { return objectTypes }
      return Self.objectTypes(rootType: rootType, others: others)
    }

    private static func objectTypes(
      rootType: any ApolloAPI.RootSelectionSet.Type, others: [Selection.Field]
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

  /// A group while fields are still being collected.
  private struct PendingGroup {
    let first: Selection.Field
    var others: [Selection.Field] = []
  }

  /// The groups, in first-seen order; filled by ``finish()``.
  private(set) var groups: [Group] = []
  private var pending: [PendingGroup] = []
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

  /// Empty dictionaries with room for every group's value: an executor starts an object's data (and record)
  /// from a copy, which costs one allocation, where building one from nothing costs a generic lookup too.
  private(set) var emptyData: [String: ApolloAPI.DataDict.FieldValue] = [:]
  private(set) var emptyRecordFields: [String: RecordValue] = [:]

  /// Ends collection: builds the groups, and drops what collecting needed.
  mutating func finish() {
    groups = pending.map { Group(first: $0.first, others: $0.others) }
    emptyData = Dictionary(minimumCapacity: groups.count)
    emptyRecordFields = Dictionary(minimumCapacity: groups.count)
    pending = []
    indexByKey = [:]
  }

  mutating func add(_ field: Selection.Field) {
    if let index = indexByKey[field.responseKey] {
      pending[index].others.append(field)
    } else {
      indexByKey[field.responseKey] = pending.count
      pending.append(PendingGroup(first: field))
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
    fields.finish()
    return fields
  }

  /// The fields of an object read with `types`, collected and finished.
  func collect(_ types: [any ApolloAPI.SelectionSet.Type]) -> CollectedFields {
    var fields = CollectedFields(fulfilled: Set(types.map(ObjectIdentifier.init)))
    for type in types { collect(type.__selections, into: &fields) }
    fields.finish()
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
