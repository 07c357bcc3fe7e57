import Foundation

/// Builds the cumulative response of an `@defer` operation from its multipart payloads.
///
/// Understands both wire formats in use:
/// - `deferSpec=20220824` (Apollo Server, Apollo iOS): increments carry their own `path`
///   (`{"incremental":[{"data":…,"path":[…],"label":…}],"hasNext":…}`);
/// - the later format (graphql-js 17, strawberry): the initial payload announces `pending` entries with an
///   `id` and `path`, increments refer to them by `id` (plus an optional `subPath`), and `completed` ends them.
public struct IncrementalResponseMerger: Sendable {
  /// The response built so far; `nil` until the initial payload arrives.
  public private(set) var current: GraphQLResponseBody?
  /// Paths of announced, not yet completed deferred fragments, by id (newer format only).
  public private(set) var pendingPaths: [String: [JSON]] = [:]
  /// Whether the latest payload replaced a value that had arrived before with a different one, rather than only adding
  /// to the response: what was read from the old value may then be gone from the new response.
  package private(set) var latestPayloadReplacedValues = false

  /// An empty merger, for one `@defer` response; feed it the initial payload first.
  public init() {}

  /// What applying one payload did.
  public enum Outcome: Sendable, Hashable {
    /// The payload changed the response; the value is the new cumulative response.
    case updated(GraphQLResponseBody)
    /// The payload carried nothing to merge (for example a final `{"hasNext":false}`).
    case unchanged
  }

  /// Why a payload is not an incremental-delivery payload at all.
  public enum PayloadError: Error, Hashable {
    /// It has no `hasNext`, or neither `data` nor any incremental member.
    case notAnIncrementalPayload
  }

  /// Applies one payload.
  ///
  /// - Throws: ``PayloadError/notAnIncrementalPayload`` for a part that is not incremental delivery,
  ///   ``IncrementalResponseError`` when an increment cannot be placed. Members of the wrong type read as
  ///   absent, as in ``GraphQLResponseBody/init(_:)``.
  public mutating func apply(_ payload: JSON.Object) throws -> Outcome {
    guard case .bool? = payload["hasNext"] else { throw PayloadError.notAnIncrementalPayload }
    latestPayloadReplacedValues = false
    let hasIncrementalMembers = payload["incremental"] != nil || payload["completed"] != nil || payload["pending"] != nil
    if payload["data"] != nil || payload["errors"] != nil && current == nil {
      guard current == nil else { throw PayloadError.notAnIncrementalPayload }
      current = GraphQLResponseBody(payload)
      try announce(payload["pending"])
      return .updated(current ?? GraphQLResponseBody(data: nil, errors: nil, extensions: nil))
    }
    guard hasIncrementalMembers else {
      if payload.count == 1 { return .unchanged }  // a bare {"hasNext": …}
      throw PayloadError.notAnIncrementalPayload
    }
    guard var response = current else { throw IncrementalResponseError.missingExistingData }
    // Taken out while the increments go in, so the tree is changed in place rather than copied along each path
    // (copies made merging many increments into a long list quadratic). After a failure nothing is current: the
    // response is broken and later payloads fail with `missingExistingData`.
    current = nil
    try announce(payload["pending"])
    var changed = false
    if case .array(let items)? = payload["incremental"] {
      for item in items {
        guard case .object(let object) = item else { throw IncrementalResponseError.missingPath }
        try merge(item: object, into: &response, replacing: &latestPayloadReplacedValues)
        changed = true
      }
    }
    if case .array(let completions)? = payload["completed"] {
      for completion in completions {
        guard let id = completion["id"]?.stringValue else { continue }
        pendingPaths[id] = nil
        if let errors = completion["errors"]?.arrayValue, !errors.isEmpty {
          response.errors = (response.errors ?? []) + errors.compactMap { $0.objectValue.map(GraphQLError.init) }
          changed = true
        }
      }
    }
    if let extensions = payload["extensions"]?.objectValue {
      response.extensions = (response.extensions ?? [:]).merging(extensions) { $1 }
      changed = true
    }
    current = response
    return changed ? .updated(response) : .unchanged
  }

  private mutating func announce(_ pending: JSON?) throws {
    guard case .array(let entries)? = pending else { return }
    for entry in entries {
      guard let id = entry["id"]?.stringValue, let path = entry["path"]?.arrayValue else {
        throw IncrementalResponseError.missingPath
      }
      pendingPaths[id] = path
    }
  }

  private func merge(item: JSON.Object, into response: inout GraphQLResponseBody, replacing replaced: inout Bool) throws {
    let path: [JSON]
    if let explicit = item["path"]?.arrayValue {
      path = explicit
    } else if let id = item["id"]?.stringValue {
      guard let base = pendingPaths[id] else { throw IncrementalResponseError.unknownPendingID(id) }
      path = base + (item["subPath"]?.arrayValue ?? [])
    } else {
      throw IncrementalResponseError.missingPath
    }
    if let errors = item["errors"]?.arrayValue {
      response.errors = (response.errors ?? []) + errors.compactMap { $0.objectValue.map(GraphQLError.init) }
    }
    if let extensions = item["extensions"]?.objectValue {
      response.extensions = (response.extensions ?? [:]).merging(extensions) { $1 }
    }
    guard let increment = item["data"]?.objectValue else { return }
    guard response.data != nil else { throw IncrementalResponseError.missingExistingData }
    // Each increment may go deeper than the one before: the merged response stays within the parser's depth,
    // which every reader of it (and freeing it) relies on not to run out of stack.
    guard path.count + Self.depth(of: .object(increment)) <= JSONParser.maximumDepth else {
      throw IncrementalResponseError.nestingTooDeep
    }
    var root: JSON = response.data.take().map(JSON.object) ?? .null
    try Self.deepMerge(increment, into: &root, along: path[...], fullPath: path, replacing: &replaced)
    response.data = root.objectValue
  }

  /// How many arrays and objects `value` nests (0 for a scalar).
  private static func depth(of value: JSON) -> Int {
    switch value {
    case .object(let object): return 1 + (object.values.map(depth(of:)).max() ?? 0)
    case .array(let array): return 1 + (array.map(depth(of:)).max() ?? 0)
    default: return 0
    }
  }

  private static func deepMerge(
    _ increment: JSON.Object, into target: inout JSON, along path: ArraySlice<JSON>, fullPath: [JSON],
    replacing replaced: inout Bool
  ) throws {
    guard let step = path.first else {
      guard case .object(var object) = target else { throw unresolvable(fullPath) }
      target = .null  // release the old storage so the object is mutated in place
      for (key, value) in increment {
        guard var current = object[key] else {
          object[key] = value
          continue
        }
        object[key] = nil
        try merge(value, into: &current, fullPath: fullPath, replacing: &replaced)
        object[key] = current
      }
      target = .object(object)
      return
    }
    // Each container on the path is bound straight from `target`, which lets it go before the container changes:
    // while `target` (or a matched tuple) still held it, taking the child out copied the whole container, every
    // element of a list for each increment into one of its items.
    switch step {
    case .string(let field):
      guard case .object(var object) = target, var child = object[field] else { throw unresolvable(fullPath) }
      target = .null
      object[field] = nil
      try deepMerge(increment, into: &child, along: path.dropFirst(), fullPath: fullPath, replacing: &replaced)
      object[field] = child
      target = .object(object)
    case .int(let index):
      guard case .array(var array) = target, array.indices.contains(index) else { throw unresolvable(fullPath) }
      var child = array[index]
      target = .null
      array[index] = .null
      try deepMerge(increment, into: &child, along: path.dropFirst(), fullPath: fullPath, replacing: &replaced)
      array[index] = child
      target = .array(array)
    default:
      throw unresolvable(fullPath)
    }
  }

  /// Joins one incoming value into the value already at its key: objects field by field; lists of the
  /// same length element by element (a fragment that selects a list its parent selected too sends the same
  /// elements with the fragment's subfields); anything else is replaced (noted in `replaced` when it differs).
  private static func merge(_ incoming: JSON, into current: inout JSON, fullPath: [JSON], replacing replaced: inout Bool) throws {
    switch (incoming, current) {
    case (.object(let fields), .object):
      try deepMerge(fields, into: &current, along: [], fullPath: fullPath, replacing: &replaced)
    case (.array(let elements), .array(var existing)) where elements.count == existing.count:
      current = .null
      for index in elements.indices {
        var element = existing[index]
        existing[index] = .null
        try merge(elements[index], into: &element, fullPath: fullPath, replacing: &replaced)
        existing[index] = element
      }
      current = .array(existing)
    default:
      if !replaced && incoming != current { replaced = true }
      current = incoming
    }
  }

  private static func unresolvable(_ path: [JSON]) -> IncrementalResponseError {
    .unresolvablePath(path.map { $0.stringValue ?? $0.intValue.map(String.init) ?? "?" }.joined(separator: "."))
  }
}
