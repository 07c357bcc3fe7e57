import ApolloCore
import Foundation

/// What the multipart interceptor forwards for one part: the bytes the next interceptors see as
/// `rawData`, and the JSON object those bytes parse to when it is known without parsing them again.
struct MultipartForwardedPart {
  let data: Data
  /// Exactly what `JSONParser.parseObject(data)` returns, or `nil` when only parsing `data` gives it.
  let object: JSON.Object?

  init(data: Data, object: JSON.Object?) {
    self.data = data
    self.object = object
  }

  /// `payload` written as JSON. Parsing those bytes gives `payload` back, except that a double the
  /// serializer writes as an integer (``JSONSerializer/writesAsInteger(_:)``) is read back as one: a payload
  /// holding such a double keeps no object, and the parser reads the bytes as it always did.
  init(writing payload: JSON.Object) {
    self.data = JSONSerializer.serialize(payload)
    self.object = payload.values.contains(where: \.holdsIntegralDouble) ? nil : payload
  }
}

private extension JSON {
  /// Whether a double that the serializer writes as an integer occurs anywhere in the value.
  var holdsIntegralDouble: Bool {
    switch self {
    case .double(let number): return JSONSerializer.writesAsInteger(number)
    case .array(let elements): return elements.contains(where: \.holdsIntegralDouble)
    case .object(let object): return object.values.contains(where: \.holdsIntegralDouble)
    case .null, .bool, .int, .string: return false
    }
  }
}
