@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

// `ObjectData` views over the core's JSON objects and records, for `SchemaConfiguration.cacheKeyInfo`.

/// Raw fields of a JSON object from the network.
struct JSONObjectStorage: _ObjectDataStorage {
  let object: JSON.Object
  func _value(forKey key: String) -> Any? { object[key] }
}

/// Raw elements of a JSON list.
struct JSONListStorage: _ListDataStorage {
  let elements: [JSON]
  var _count: Int { elements.count }
  func _value(at index: Int) -> Any? { elements.indices.contains(index) ? elements[index] : nil }
}

/// Scalars as `Bool`, `Int`, `Double` or `String` (so an id of `0` is not `false`); objects and
/// lists as nested views.
struct JSONValueTransformer: _ObjectData_Transformer {
  func transform(_ value: Any) -> (any ScalarType)? {
    guard let json = value as? JSON else { return nil }
    switch json {
    case .bool(let bool): return bool
    case .int(let int): return int
    case .double(let double): return double
    case .string(let string): return string
    default: return nil
    }
  }

  func transform(_ value: Any) -> ObjectData? {
    guard case .object(let object)? = value as? JSON else { return nil }
    return ObjectData(_transformer: self, _rawData: JSONObjectStorage(object: object))
  }

  func transform(_ value: Any) -> ListData? {
    guard case .array(let elements)? = value as? JSON else { return nil }
    return ListData(_transformer: self, _rawData: JSONListStorage(elements: elements))
  }
}

extension ObjectData {
  /// A view of a JSON object from the network.
  init(json object: JSON.Object) {
    self.init(_transformer: JSONValueTransformer(), _rawData: JSONObjectStorage(object: object))
  }
}
