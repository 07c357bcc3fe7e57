/// The identity of a response object in the normalized cache: records are keyed
/// `"<uniqueKeyGroup ?? typename>:<id>"`.
public struct CacheKeyInfo: Sendable, Hashable {
  /// The object's identifier within its type or group, for example the value of its `id` field.
  public let id: String
  /// A group of types whose ids are unique together (an interface's name, typically); `nil` keys
  /// by the object's own typename.
  public let uniqueKeyGroup: String?

  /// Keys the object by `id` under its own typename, or under `uniqueKeyGroup` when given.
  public init(id: String, uniqueKeyGroup: String? = nil) {
    self.id = id
    self.uniqueKeyGroup = uniqueKeyGroup
  }

  /// The id from a scalar field value: `try? CacheKeyInfo(jsonValue: object["id"])`.
  ///
  /// - Throws: ``JSONDecodingError/missingValue`` for `nil`, or the conversion error of a value that
  ///   is not a string or a number.
  public init(jsonValue: (any ScalarType)?, uniqueKeyGroup: String? = nil) throws {
    guard let jsonValue else { throw JSONDecodingError.missingValue }
    self.init(id: try String(_jsonValue: jsonValue._jsonValue), uniqueKeyGroup: uniqueKeyGroup)
  }
}
