import Foundation

/// The 0.x name for a JSON object of operation variables or request-body members.
///
/// Upstream 0.33 declared `GraphQLMap = [String: JSONEncodable?]`, an existential dictionary. Here it is
/// the core's typed ``JSON.Object`` (`[String: JSON]`): dictionary literals of strings, numbers,
/// booleans, nested literals and `nil` still compile, but a value of an arbitrary `JSONEncodable`
/// type must be converted to a ``JSON`` first. The 0.x `JSON = Any` and
/// `JSON.Object = [String: Any]` aliases cannot be provided: the core uses those names for its typed
/// JSON model, which is what makes parsing correct on Linux.
public typealias GraphQLMap = JSON.Object

/// The 0.x JSON (de)serializer, on the core's JSON model.
///
/// Serialization uses sorted keys and no whitespace, as upstream did on every OS it supported.
public final class JSONSerializationFormat {
  /// The JSON bytes of `value`. Never fails for a ``JSON``; `throws` is kept for 0.x call sites.
  public class func serialize(value: JSON) throws -> Data {
    JSONSerializer.serialize(value, sortedKeys: true)
  }

  /// The JSON bytes of `value`, an object. Never fails; `throws` is kept for 0.x call sites.
  public class func serialize(value: JSON.Object) throws -> Data {
    JSONSerializer.serialize(value, sortedKeys: true)
  }

  /// Parses `data`.
  ///
  /// - Throws: ``JSONParsingError`` (a typed error with the byte offset) for anything that is not JSON,
  ///   including an empty body. Upstream threw Foundation's `NSError` (NSCocoaErrorDomain 3840).
  public class func deserialize(data: Data) throws -> JSON {
    try JSONParser.parse(data)
  }
}

// 0.x `GraphQLMap` values were `JSONEncodable?`, so `["after": nil]` was common in 0.x variables and
// request bodies. `nil` in a `JSON` position means JSON `null`; where an optional `JSON` is
// expected (a dictionary assignment, an optional binding), `nil` still means "absent", because Swift
// prefers `Optional.none` there.
extension JSON: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) {
    self = .null
  }
}
