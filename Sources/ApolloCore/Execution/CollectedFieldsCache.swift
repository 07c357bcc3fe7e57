@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI

/// The collected fields of the objects read with one list of selection sets, kept for the life of the
/// process.
///
/// Generated `__selections` are constants of their types (rebuilt as a new array on every access), so
/// collecting them again for every object of every response repeats the same work. What a collection
/// depends on decides how it is kept: on the selection sets alone; on the object's `__typename` too when a
/// type case is among them; and on the variables when an `@include`/`@skip` or `@defer(if:)` condition is,
/// which is not kept at all (collected again each time, as before).
enum CollectedFieldsCache {
  /// The selection sets an object is read with, in order; the common single type allocates nothing.
  struct Key: Hashable {
    let first: ObjectIdentifier
    let rest: [ObjectIdentifier]

    init(_ types: [any ApolloAPI.SelectionSet.Type]) {
      first = ObjectIdentifier(types[0])
      rest = types.count > 1 ? types.dropFirst().map(ObjectIdentifier.init) : []
    }
  }

  enum Entry: Sendable {
    case sameForEveryObject(SharedCollectedFields)
    case byTypename([String?: SharedCollectedFields])
    case dependsOnVariables
  }

  /// Bounds on what is kept (a process reads a finite set of generated types; a server inventing
  /// typenames must not grow the cache without end).
  private static let maximumEntries = 4096
  private static let maximumTypenamesPerEntry = 256

  private static let entries = Mutex<[Key: Entry]>([:])

  /// The fields of an object read with `types` (non-empty), the first of which decides the object's type
  /// when `typename` gives none.
  ///
  /// - Parameter typename: the object's `__typename`, asked only when a type case makes it matter.
  static func fields(
    for types: [any ApolloAPI.SelectionSet.Type], schema: any SchemaMetadata.Type,
    variables: ApolloAPI.GraphQLOperation.Variables?, typename: () -> String?
  ) -> SharedCollectedFields {
    fieldsAndReuse(for: types, schema: schema, variables: variables, typename: typename).fields
  }

  /// As ``fields(for:schema:variables:typename:)``, and whether they serve every object read with `types`.
  fileprivate static func fieldsAndReuse(
    for types: [any ApolloAPI.SelectionSet.Type], schema: any SchemaMetadata.Type,
    variables: ApolloAPI.GraphQLOperation.Variables?, typename: () -> String?
  ) -> (fields: SharedCollectedFields, sameForEveryObject: Bool) {
    let key = Key(types)
    switch entries.withLock({ $0[key] }) {
    case .sameForEveryObject(let fields)?:
      return (fields, true)
    case .byTypename(let byTypename)?:
      let name = typename()
      if let fields = byTypename[name] { return (fields, false) }
      let fields = SharedCollectedFields(collect(types, schema: schema, variables: variables, typename: name))
      entries.withLock { entries in
        guard case .byTypename(var byTypename)? = entries[key], byTypename.count < maximumTypenamesPerEntry else { return }
        byTypename[name] = fields
        entries[key] = .byTypename(byTypename)
      }
      return (fields, false)
    case .dependsOnVariables?:
      return (SharedCollectedFields(collect(types, schema: schema, variables: variables, typename: typename())), false)
    case nil:
      let name = typename()
      let fields = SharedCollectedFields(collect(types, schema: schema, variables: variables, typename: name))
      let dependence = SelectionDependence(types)
      let entry: Entry =
        if dependence.onVariables { .dependsOnVariables }
        else if dependence.onRuntimeType { .byTypename([name: fields]) }
        else { .sameForEveryObject(fields) }
      entries.withLock { entries in
        if entries.count < maximumEntries, entries[key] == nil { entries[key] = entry }
      }
      if case .sameForEveryObject = entry { return (fields, true) }
      return (fields, false)
    }
  }

  private static func collect(
    _ types: [any ApolloAPI.SelectionSet.Type], schema: any SchemaMetadata.Type,
    variables: ApolloAPI.GraphQLOperation.Variables?, typename: String?
  ) -> CollectedFields {
    let runtimeType = FieldCollector.runtimeType(typename: typename, schema: schema, parentType: types[0].__parentType)
    return FieldCollector(variables: variables, runtimeType: runtimeType).collect(types)
  }
}

/// Collected fields as the cache keeps and hands them out: one reference to retain per object, where the
/// struct itself holds several.
final class SharedCollectedFields: Sendable {
  let fields: CollectedFields
  init(_ fields: CollectedFields) { self.fields = fields }
}

/// The collected fields one execution has used most recently, for objects read with a single selection set
/// whose fields are the same for every object: the elements of a list ask for them in turn, and a pointer
/// comparison here is cheaper than the shared cache's lock and hash.
struct RecentCollectedFields {
  private static let capacity = 8
  private var entries: [(type: ObjectIdentifier, fields: SharedCollectedFields)] = []

  mutating func fields(
    for types: [any ApolloAPI.SelectionSet.Type], schema: any SchemaMetadata.Type,
    variables: ApolloAPI.GraphQLOperation.Variables?, typename: () -> String?
  ) -> SharedCollectedFields {
    guard types.count == 1 else {
      return CollectedFieldsCache.fields(for: types, schema: schema, variables: variables, typename: typename)
    }
    let type = ObjectIdentifier(types[0])
    for entry in entries where entry.type == type { return entry.fields }
    let (fields, sameForEveryObject) = CollectedFieldsCache.fieldsAndReuse(
      for: types, schema: schema, variables: variables, typename: typename)
    if sameForEveryObject, entries.count < Self.capacity { entries.append((type, fields)) }
    return fields
  }
}

/// What collecting a list of selection sets depends on besides the selection sets themselves: the object's
/// type (a type case) and the variables (a condition). Fields' own selections do not count: they belong to
/// the child objects.
struct SelectionDependence {
  private(set) var onRuntimeType = false
  private(set) var onVariables = false

  init(_ types: [any ApolloAPI.SelectionSet.Type]) {
    for type in types { scan(type.__selections) }
  }

  private mutating func scan(_ selections: [Selection]) {
    for selection in selections {
      switch selection {
      case .field:
        continue
      case .conditional(_, let inner):
        onVariables = true
        scan(inner)
      case .inlineFragment(let type):
        onRuntimeType = true
        scan(type.__selections)
      case .fragment(let type):
        scan(type.__selections)
      case .deferred(let condition, _, _):
        // A deferred fragment's own fields are collected apart from the object's; only its condition
        // decides whether it is deferred at all.
        if condition != nil { onVariables = true }
      }
    }
  }
}
