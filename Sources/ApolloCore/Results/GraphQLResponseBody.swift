import Foundation

/// The members of a single GraphQL response body, before they are read into an operation's `Data`.
public struct GraphQLResponseBody: Sendable, Hashable {
  /// The `data` member; `nil` when absent or `null`.
  public var data: JSON.Object?
  /// The `errors` member; `nil` when absent or `null`.
  public var errors: [GraphQLError]?
  /// The `extensions` member; `nil` when absent or `null`.
  public var extensions: JSON.Object?

  /// A body from members already read; no member is checked.
  public init(data: JSON.Object?, errors: [GraphQLError]?, extensions: JSON.Object?) {
    self.data = data
    self.errors = errors
    self.extensions = extensions
  }

  /// The body as a Foundation dictionary (what `JSONSerialization` gives), holding only the members that are
  /// present: what every generation's `asJSONDictionary()` returns.
  public var foundationDictionary: [String: Any] {
    var dictionary: [String: Any] = [:]
    if let data { dictionary["data"] = data.foundationObject }
    if let errors { dictionary["errors"] = errors.map { $0.object.foundationObject } }
    if let extensions { dictionary["extensions"] = extensions.foundationObject }
    return dictionary
  }

  /// Reads the members of a response object.
  ///
  /// - Throws: ``GraphQLResponseBodyError`` when a member has the wrong JSON type.
  public init(_ body: JSON.Object) throws {
    switch body["data"] {
    case nil, .null?: data = nil
    case .object(let object)?: data = object
    case let other?: throw GraphQLResponseBodyError.invalidMember("data", found: other.typeName)
    }
    switch body["errors"] {
    case nil, .null?: errors = nil
    case .array(let entries)?:
      var parsed: [GraphQLError] = []
      parsed.reserveCapacity(entries.count)
      for entry in entries {
        guard case .object(let object) = entry else {
          throw GraphQLResponseBodyError.invalidMember("errors", found: "array of \(entry.typeName)")
        }
        parsed.append(GraphQLError(object))
      }
      errors = parsed
    case let other?: throw GraphQLResponseBodyError.invalidMember("errors", found: other.typeName)
    }
    switch body["extensions"] {
    case nil, .null?: extensions = nil
    case .object(let object)?: extensions = object
    case let other?: throw GraphQLResponseBodyError.invalidMember("extensions", found: other.typeName)
    }
  }
}

extension GraphQLResponseBody {
  /// Reads the members of a response object as 1.x did: a member of the wrong JSON type reads as absent
  /// (`errors` too when one of its entries is not an object), where ``init(_:)`` throws.
  public init(ignoringMembersOfTheWrongType body: JSON.Object) {
    let data: JSON.Object?
    if case .object(let object)? = body["data"] { data = object } else { data = nil }
    var errors: [GraphQLError]?
    if case .array(let entries)? = body["errors"] {
      let objects = entries.compactMap { entry -> JSON.Object? in
        if case .object(let object) = entry { return object }
        return nil
      }
      // 1.x cast the whole list: one entry that is not an object, and there are no errors.
      if objects.count == entries.count { errors = objects.map(GraphQLError.init) }
    }
    let extensions: JSON.Object?
    if case .object(let object)? = body["extensions"] { extensions = object } else { extensions = nil }
    self.init(data: data, errors: errors, extensions: extensions)
  }
}

/// A response body whose top-level members do not have the types the GraphQL spec requires.
public enum GraphQLResponseBodyError: Error, Hashable, CustomStringConvertible, LocalizedError {
  /// The member with this name (`data`, `errors` or `extensions`) has the JSON type named by `found` where the spec
  /// requires an object or a list.
  case invalidMember(String, found: String)

  public var description: String {
    switch self {
    case .invalidMember(let name, let found): return "The response member '\(name)' is \(found), which GraphQL does not allow"
    }
  }

  public var errorDescription: String? { description }
}
