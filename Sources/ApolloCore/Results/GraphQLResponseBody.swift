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

  /// Reads the members of a response object as every upstream generation does (0.x and 1.x cast them,
  /// 2.x's `BaseResponseExecutionHandler` too): a member of the wrong JSON type reads as absent, and so does
  /// `errors` when one of its entries is not an object, since the whole list was cast at once.
  public init(_ body: JSON.Object) {
    if case .object(let object)? = body["data"] { data = object } else { data = nil }
    errors = Self.errors(in: body["errors"])
    if case .object(let object)? = body["extensions"] { extensions = object } else { extensions = nil }
  }

  /// An `errors` member read as every generation read it: `nil` unless it is a list of objects, `[]` for an
  /// empty list.
  package static func errors(in member: JSON?) -> [GraphQLError]? {
    guard case .array(let entries)? = member else { return nil }
    var errors: [GraphQLError] = []
    errors.reserveCapacity(entries.count)
    for entry in entries {
      guard case .object(let object) = entry else { return nil }
      errors.append(GraphQLError(object))
    }
    return errors
  }
}

extension GraphQLResponseBody {
  /// The reading every initializer does now; kept for code written when ``init(_:)`` threw.
  @available(*, deprecated, renamed: "init(_:)", message: "every reading ignores members of the wrong type now")
  public init(ignoringMembersOfTheWrongType body: JSON.Object) {
    self.init(body)
  }
}

/// What ``GraphQLResponseBody/init(_:)`` threw for a member of the wrong JSON type before it read such a member as
/// absent, as every upstream generation does. Never thrown; kept so that code that catches it still compiles.
@available(*, deprecated, message: "never thrown: a response member of the wrong JSON type reads as absent")
public enum GraphQLResponseBodyError: Error, Hashable, CustomStringConvertible, LocalizedError {
  /// The member with this name had the JSON type named by `found`.
  case invalidMember(String, found: String)

  public var description: String {
    switch self {
    case .invalidMember(let name, let found): return "The response member '\(name)' is \(found), which GraphQL does not allow"
    }
  }

  public var errorDescription: String? { description }
}
