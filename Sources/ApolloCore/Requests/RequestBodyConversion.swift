@_spi(Internal) import ApolloAPI
import Foundation

/// A body creator of this package: it builds the body in the core's JSON, so a request does not convert it.
///
/// Apps' creators return upstream's `JSONEncodableDictionary`; a request converts those with
/// ``RequestBodyConversion/json(_:)``.
package protocol CoreJSONBodyCreating: Sendable {
  /// The body members as asked, in the core's JSON.
  func requestBodyJSON<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSON.Object
}

/// Between a request body in upstream's type (`JSONEncodableDictionary`, what an app's body creator returns
/// and reads) and the core's JSON (what requests serialize).
package enum RequestBodyConversion {
  /// Each member's JSON form. A member with none (a variable whose custom scalar has no JSON form) is left out,
  /// so the request's variables check names it instead of sending the request without it.
  package static func json(_ body: JSONEncodableDictionary) -> JSON.Object {
    var object = JSON.Object(minimumCapacity: body.count)
    for (key, value) in body {
      if let json = JSON(apiValue: value) { object[key] = json }
    }
    return object
  }

  /// The body `creator` builds, as a request sends it: a creator of this package's gives it in the core's JSON; an
  /// app's is asked through `requestBody` (its generation's protocol method) and converted.
  package static func json<Operation: GraphQLOperation>(
    from creator: Any, for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool,
    requestBody: () -> JSONEncodableDictionary
  ) -> JSON.Object {
    if let core = creator as? any CoreJSONBodyCreating {
      return core.requestBodyJSON(for: operation, sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery)
    }
    return json(requestBody())
  }

  /// The body in upstream's shape, for an app that reads or extends what a default creator built: strings,
  /// numbers, booleans and `NSNull` as themselves, objects as `JSONEncodableDictionary`.
  package static func encodable(_ body: JSON.Object) -> JSONEncodableDictionary {
    body.mapValues(encodable(_:))
  }

  private static func encodable(_ json: JSON) -> any ApolloAPI.JSONEncodable {
    switch json {
    case .null: return NSNull()
    case .bool(let value): return value
    case .int(let value): return value
    case .double(let value): return value
    case .string(let value): return value
    case .object(let object): return encodable(object)
    case .array: return CoreJSONEncodable(json: json)
    }
  }
}

/// A value whose JSON is known, as a `JSONEncodable` (a list of mixed members, which Swift has no encodable
/// array type for); converted back without a round trip.
struct CoreJSONEncodable: ApolloAPI.JSONEncodable {
  let json: JSON
  var _jsonValue: ApolloAPI.JSONValue { json.apiValue }
}
