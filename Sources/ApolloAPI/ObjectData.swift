/// Turns the raw values of one execution source (network JSON, cache records, selection-set data)
/// into the views ``ObjectData`` and ``ListData`` hand to ``SchemaConfiguration``.
public protocol _ObjectData_Transformer: Sendable {
  func transform(_ value: Any) -> (any ScalarType)?
  func transform(_ value: Any) -> ObjectData?
  func transform(_ value: Any) -> ListData?
}

/// Raw fields of an object, read by key, in whatever shape the execution source holds them.
public protocol _ObjectDataStorage {
  func _value(forKey key: String) -> Any?
}

/// Raw elements of a list.
public protocol _ListDataStorage {
  var _count: Int { get }
  func _value(at index: Int) -> Any?
}

extension Dictionary: _ObjectDataStorage where Key == String {
  public func _value(forKey key: String) -> Any? { self[key].map { $0 as Any } }
}

extension Array: _ListDataStorage {
  public var _count: Int { count }
  public func _value(at index: Int) -> Any? { indices.contains(index) ? self[index] : nil }
}

/// A read-only view of a response object, given to ``SchemaConfiguration/cacheKeyInfo(for:object:)``.
///
/// Scalars come back as Swift values: a JSON `true`/`false` as `Bool`, any integer as `Int`, so an
/// id of `0` or `1` is never mistaken for a boolean.
public struct ObjectData {
  @_spi(Execution) public let _transformer: any _ObjectData_Transformer
  @_spi(Execution) public let _rawData: any _ObjectDataStorage

  @_spi(Execution) public init(_transformer: any _ObjectData_Transformer, _rawData: any _ObjectDataStorage) {
    self._transformer = _transformer
    self._rawData = _rawData
  }

  /// A scalar field; `nil` when absent or not a scalar.
  public subscript(_ key: String) -> (any ScalarType)? {
    guard let value = _rawData._value(forKey: key) else { return nil }
    return _transformer.transform(value)
  }

  /// A nested object.
  @_disfavoredOverload
  public subscript(_ key: String) -> ObjectData? {
    guard let value = _rawData._value(forKey: key) else { return nil }
    return _transformer.transform(value)
  }

  /// A nested list.
  @_disfavoredOverload
  public subscript(_ key: String) -> ListData? {
    guard let value = _rawData._value(forKey: key) else { return nil }
    return _transformer.transform(value)
  }
}

/// A read-only view of a list inside a response object.
public struct ListData {
  @_spi(Execution) public let _transformer: any _ObjectData_Transformer
  @_spi(Execution) public let _rawData: any _ListDataStorage

  @_spi(Execution) public init(_transformer: any _ObjectData_Transformer, _rawData: any _ListDataStorage) {
    self._transformer = _transformer
    self._rawData = _rawData
  }

  /// The number of elements.
  public var count: Int { _rawData._count }

  /// The element at `index` as a scalar, or `nil` for a `null` element or one that is not a scalar.
  public subscript(_ index: Int) -> (any ScalarType)? {
    guard let value = _rawData._value(at: index) else { return nil }
    return _transformer.transform(value)
  }

  /// The element at `index` as an object, for `cacheKeyInfo` rules that read nested data.
  @_disfavoredOverload
  public subscript(_ index: Int) -> ObjectData? {
    guard let value = _rawData._value(at: index) else { return nil }
    return _transformer.transform(value)
  }

  /// The element at `index` as a nested list.
  @_disfavoredOverload
  public subscript(_ index: Int) -> ListData? {
    guard let value = _rawData._value(at: index) else { return nil }
    return _transformer.transform(value)
  }
}
