@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

extension GraphQLExecutor {
  /// The data and records of a merged `@defer` response after a part whose increments arrived at `paths`, worked out
  /// from the reading of the response before that part (`previous`): only the object at each path is read again,
  /// with everything that has arrived for it, and put in place of its earlier reading; its records are merged over
  /// the earlier ones.
  ///
  /// Reading the whole merged response gives the same data and records, but costs the whole response for every part,
  /// which made a fragment on each item of a list quadratic in the list's length. `nil` when the result could differ
  /// or a path cannot be followed this way (through an object with deferred fragments of its own, a list of lists or
  /// a `null`; an object whose record key, or that of a record it referred to, changes with what arrived; a record
  /// whose fields would change value, which the whole reading may have written from elsewhere; an object that does not
  /// read; an operation that reads itself): the caller then reads the whole response, which also
  /// reports any error the way it always has.
  package static func executeIncrements<Operation: ApolloAPI.GraphQLOperation>(
    _ operationType: Operation.Type, variables: ApolloAPI.GraphQLOperation.Variables?, data: JSON.Object,
    paths: [[JSON]], previous: (data: Operation.Data, records: RecordSet?), normalizing: Bool,
    cacheKeyForObject: CacheKeyForObject?, fieldKeys: FieldKeyMemo?
  ) -> (data: Operation.Data, records: RecordSet?)? {
    guard !(Operation.self is any SelfExecutingOperation.Type), !paths.isEmpty else { return nil }
    guard !normalizing || previous.records != nil else { return nil }
    let rootType = Operation.Data.self
    let rootKey = CacheReference.rootCacheReference(for: Operation.operationType).key
    var dataDict = previous.data.__data
    var records = previous.records
    for path in paths {
      var executor = NetworkResponseExecutor(
        variables: variables, normalizing: normalizing, cacheKeyForObject: cacheKeyForObject,
        readsArrivedDeferredFragments: true, fieldKeys: fieldKeys)
      guard let target = executor.locate(path, rootType: rootType, data: data, rootKey: rootKey),
            let read = try? executor.executeObject(
              selectionSetTypes: target.types, schema: rootType._schema, object: target.object,
              recordKey: target.recordKey),
            let spliced = DataDictPath.replacing(at: target.steps[...], in: dataDict, with: read)
      else { return nil }
      if normalizing {
        // The records read before for this object must all be read again under the same keys: an object whose key
        // changes with what arrived (its id in the fragment), or whose children's do, or a list that got shorter,
        // would leave earlier records (and the parent's reference) that the whole reading does not have.
        // And no field may get a value other than the one it has: a record written from two places of the response
        // (objects whose keys collide, a server that sends one entity two ways, or two increments of one part) holds
        // what the whole reading wrote last, which depends on where the writers sit, not on which one arrived.
        guard var merged = records, let earlierKey = target.earlierRecordKey(in: merged), earlierKey == target.recordKey,
              executor.records.containsEveryRecord(reachableFrom: earlierKey, in: merged),
              executor.records.keepsEveryValue(in: merged)
        else { return nil }
        merged.merge(records: executor.records)
        records = merged
      }
      dataDict = spliced
    }
    return (Operation.Data(_dataDict: dataDict), records)
  }
}

extension IncrementalResponseMerger {
  /// The paths of a part's increments (`@defer` in the 2022 format, each item with its `path` and `data`), for
  /// ``GraphQLExecutor/executeIncrements``; `nil` for anything else (an initial payload, items addressed by id,
  /// items without data).
  package static func incrementPaths(of payload: JSON.Object) -> [[JSON]]? {
    guard payload["data"] == nil, case .array(let items)? = payload["incremental"], !items.isEmpty else { return nil }
    var paths: [[JSON]] = []
    for item in items {
      guard case .array(let path)? = item["path"], case .object? = item["data"] else { return nil }
      paths.append(path)
    }
    return paths
  }
}

/// A `@defer` response's parts as one reader merges and reads them: the merger, how many parts changed the merged
/// response, and the reading after the latest of them, which the next part's increments may be read into
/// (``GraphQLExecutor/executeIncrements``) only if it is the reading of the part just before and the part only added to
/// the response: after a part that failed to read, readings finishing out of order, or a part that replaced a value
/// that had arrived (what was read from the old value may be gone), the part is read whole.
package struct DeferredParts: Sendable {
  /// What merging a part gave.
  package enum Outcome: Sendable {
    /// The merged response changed: it is the `count`th change, and `previous` is the reading of the one before,
    /// when that is known and may be built on.
    case updated(GraphQLResponseBody, count: Int, previous: (any Sendable)?)
    /// Nothing to read.
    case unchanged
  }

  package private(set) var merger = IncrementalResponseMerger()
  private var changes = 0
  private var latestRead: (count: Int, result: any Sendable)?

  package init() {}

  package mutating func merge(_ payload: JSON.Object) throws -> Outcome {
    guard case .updated(let body) = try merger.apply(payload) else { return .unchanged }
    changes += 1
    let previous = merger.latestPayloadReplacedValues ? nil : latestRead.flatMap { $0.count == changes - 1 ? $0.result : nil }
    return .updated(body, count: changes, previous: previous)
  }

  /// Keeps `result`, the reading after change `count`, unless a later one is kept already.
  package mutating func keep(_ result: any Sendable, readAfter count: Int) {
    guard count > (latestRead?.count ?? 0) else { return }
    latestRead = (count, result)
  }
}

/// Where an object sits in the data read: each step a field, or an element of a list field.
enum DataDictPath {
  enum Step {
    case field(String)
    case element(String, Int)
  }

  /// `dict` with the object at `steps` replaced by `replacement`; `nil` when the data holds no object there.
  static func replacing(at steps: ArraySlice<Step>, in dict: ApolloAPI.DataDict, with replacement: ApolloAPI.DataDict)
    -> ApolloAPI.DataDict?
  {
    guard let step = steps.first else { return replacement }
    var dict = dict
    switch step {
    case .field(let key):
      guard let child = dict._data[key] as? ApolloAPI.DataDict,
            let replaced = replacing(at: steps.dropFirst(), in: child, with: replacement)
      else { return nil }
      dict._data[key] = replaced
    case .element(let key, let position):
      guard var list = dict._data[key] as? ApolloAPI.DataDict.List, list.elements.indices.contains(position),
            let child = list.elements[position] as? ApolloAPI.DataDict,
            let replaced = replacing(at: steps.dropFirst(), in: child, with: replacement)
      else { return nil }
      list.elements[position] = replaced
      dict._data[key] = list
    }
    return dict
  }
}

extension NetworkResponseExecutor {
  /// The object at an increment's path, with what reading it needs: its selection sets, its record key (worked out
  /// as the whole walk would: its own cache key, or its path from the nearest keyed ancestor) and its place in the
  /// data. Only paths through objects without deferred fragments of their own are followed.
  struct IncrementTarget {
    let types: [any ApolloAPI.SelectionSet.Type]
    let object: JSON.Object
    let recordKey: CacheKey
    let steps: [DataDictPath.Step]
    /// Where the parent's record refers to the object: the parent's key, the field's key, the list position.
    let parentRecordKey: CacheKey
    let fieldKey: String
    let position: Int?

    /// The key the parent's record in `records` refers to the object by; `nil` when it refers to none.
    func earlierRecordKey(in records: RecordSet) -> CacheKey? {
      var value = records[parentRecordKey]?.fields[fieldKey]
      if let position {
        guard case .list(let elements)? = value, elements.indices.contains(position) else { return nil }
        value = elements[position]
      }
      guard case .reference(let key)? = value else { return nil }
      return key
    }
  }

  mutating func locate(
    _ path: [JSON], rootType: any ApolloAPI.RootSelectionSet.Type, data: JSON.Object, rootKey: CacheKey
  ) -> IncrementTarget? {
    guard !path.isEmpty else { return nil }
    let schema = rootType._schema
    var types: [any ApolloAPI.SelectionSet.Type] = [rootType]
    var object = data
    var recordKey = rootKey
    var steps: [DataDictPath.Step] = []
    var parentRecordKey = rootKey
    var lastFieldKey = ""
    var lastPosition: Int?
    var index = 0
    while index < path.count {
      guard case .string(let responseKey) = path[index] else { return nil }
      let parent = object
      let collected = recentFields.fields(
        for: types, schema: schema, variables: variables, typename: { parent["__typename"]?.stringValue })
      // An ancestor with deferred fragments of its own is read whole: a fragment of it may select the same field
      // with other subfields, which its reading merges into the object on the path.
      guard collected.fields.deferredTypes.isEmpty,
            let group = collected.fields.groups.first(where: { $0.responseKey == responseKey })
      else { return nil }
      let fieldKey: String
      do {
        fieldKey = try fieldKeys?.key(for: group, variables: variables) ?? group.cacheKey(variables: variables)
      } catch {
        return nil
      }
      var type = group.first.type
      if case .nonNull(let inner) = type { type = inner }
      var value = object[responseKey]
      var cachePath = recordKey + "." + fieldKey
      parentRecordKey = recordKey
      lastFieldKey = fieldKey
      lastPosition = nil
      if case .list(var elementType) = type {
        guard index + 1 < path.count, case .int(let position) = path[index + 1],
              case .array(let elements)? = value, elements.indices.contains(position)
        else { return nil }
        if case .nonNull(let inner) = elementType { elementType = inner }
        type = elementType
        value = elements[position]
        cachePath += "." + String(position)
        lastPosition = position
        steps.append(.element(responseKey, position))
        index += 2
      } else {
        steps.append(.field(responseKey))
        index += 1
      }
      guard case .object(let objectType) = type, case .object(let next)? = value else { return nil }
      types = group.objectSelectionSetTypes(startingWith: objectType)
      recordKey = normalizing
        ? ResponseObjectKey.key(of: next, schema: schema, rootType: objectType, cacheKeyForObject: cacheKeyForObject)
          ?? cachePath
        : ""
      object = next
    }
    return IncrementTarget(
      types: types, object: object, recordKey: recordKey, steps: steps, parentRecordKey: parentRecordKey,
      fieldKey: lastFieldKey, position: lastPosition)
  }
}

extension RecordSet {
  /// Whether this set holds every record that `key`'s record in `earlier` refers to, directly or through other
  /// records (`key`'s own included), each with every field it had in `earlier`: merged over `earlier`, no field is
  /// then left from a reading this one replaces (an object that became `null`, a list that got shorter).
  func containsEveryRecord(reachableFrom key: CacheKey, in earlier: RecordSet) -> Bool {
    var pending = [key]
    var seen: Set<CacheKey> = []
    while let next = pending.popLast() {
      guard seen.insert(next).inserted else { continue }
      guard let written = self[next] else { return false }
      guard let record = earlier[next] else { continue }
      for (field, value) in record.fields {
        guard written.fields[field] != nil else { return false }
        Self.appendReferences(in: value, to: &pending)
      }
    }
    return true
  }

  /// Whether every field of this set that `earlier` has too has the same value there: merged over `earlier`, this set
  /// then only adds fields.
  func keepsEveryValue(in earlier: RecordSet) -> Bool {
    for (key, record) in storage {
      guard let before = earlier[key] else { continue }
      for (field, value) in record.fields where before.fields[field].map({ $0 != value }) ?? false { return false }
    }
    return true
  }

  private static func appendReferences(in value: RecordValue, to keys: inout [CacheKey]) {
    switch value {
    case .reference(let key): keys.append(key)
    case .list(let elements): for element in elements { appendReferences(in: element, to: &keys) }
    case .value: break
    }
  }
}
