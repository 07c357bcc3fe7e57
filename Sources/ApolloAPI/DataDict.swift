import Foundation

/// The data behind a selection set: field values by response key, and which fragments of the
/// operation the data fulfils (or still awaits, for `@defer`).
///
/// Values are scalars and custom scalars as decoded, `NSNull` for `null`, a nested `DataDict` for an
/// object and a ``List`` for a list. Generated initializers may also store Swift arrays and optionals;
/// every accessor and comparison reads both.
public struct DataDict: Hashable, Sendable {
  /// A stored field value.
  public typealias FieldValue = any Sendable & Hashable

  /// A list field's elements (a list is not itself `Hashable` when its elements are existential).
  public struct List: Hashable, Sendable {
    /// The elements in response order; `nil` for a JSON `null` element.
    public var elements: [FieldValue?]

    /// Wraps the elements of a list field.
    public init(_ elements: [FieldValue?]) { self.elements = elements }

    public static func == (lhs: List, rhs: List) -> Bool {
      FieldValueComparison.canonical(lhs.elements) == FieldValueComparison.canonical(rhs.elements)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(FieldValueComparison.canonical(elements)) }
  }

  public var _data: [String: FieldValue]
  /// The selection sets whose selections were executed on this data.
  public var _fulfilledFragments: Set<ObjectIdentifier>
  /// The `@defer` fragments whose data has not arrived.
  public var _deferredFragments: Set<ObjectIdentifier>

  /// The data of one object: its field values by response key, the selection sets executed on it
  /// (`__fulfilledFragments`) and the `@defer` fragments still awaited. Generated initializers and the
  /// executor build it; app code rarely does.
  public init(
    data: [String: FieldValue], fulfilledFragments: Set<ObjectIdentifier>,
    deferredFragments: Set<ObjectIdentifier> = []
  ) {
    self._data = data
    self._fulfilledFragments = fulfilledFragments
    self._deferredFragments = deferredFragments
  }

  /// A scalar (or list or optional of scalars). Reading a missing non-optional field is a programming
  /// error: the executor guarantees every selected non-null field is present.
  public subscript<T: AnyScalarType & Hashable>(_ key: String) -> T {
    get {
      guard let value = FieldValueConversion.convert(_data[key], to: T.self) else {
        preconditionFailure("DataDict: field '\(key)' holds \(String(describing: _data[key])), not \(T.self)")
      }
      return value
    }
    set { _data[key] = FieldValueConversion.storable(newValue) }
  }

  /// A selection set, or an optional or list of them.
  public subscript<T: SelectionSetEntityValue>(_ key: String) -> T {
    get { T(_fieldData: _data[key]) }
    set { _data[key] = newValue._fieldData }
  }

  /// Compares field values only, not the fragment sets.
  public static func == (lhs: DataDict, rhs: DataDict) -> Bool {
    guard lhs._data.count == rhs._data.count else { return false }
    for (key, value) in lhs._data {
      guard let other = rhs._data[key],
            FieldValueComparison.canonical(value) == FieldValueComparison.canonical(other) else { return false }
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for (key, value) in _data {
      var element = Hasher()
      element.combine(key)
      element.combine(FieldValueComparison.canonical(value))
      combined ^= element.finalize()
    }
    hasher.combine(combined)
  }
}

/// Reads stored values back as the Swift type an accessor asks for.
enum FieldValueConversion {
  static func convert<T>(_ value: Any?, to type: T.Type) -> T? {
    if let direct = value as? T { return direct }
    if let convertible = T.self as? any _FieldValueConvertible.Type {
      return convertible._convert(from: value) as? T
    }
    return nil
  }

  /// What a setter stores: `nil` optionals become `NSNull`, arrays become ``DataDict/List``.
  static func storable<T: Sendable & Hashable>(_ value: T) -> DataDict.FieldValue {
    if let optional = value as? any _StorableOptional { return optional._storable }
    if let list = value as? any _StorableList { return DataDict.List(list._storableElements) }
    return value
  }
}

/// A Swift type that can be rebuilt from a stored list or `null` (arrays and optionals).
protocol _FieldValueConvertible {
  static func _convert(from value: Any?) -> Any?
}

extension Optional: _FieldValueConvertible {
  static func _convert(from value: Any?) -> Any? {
    guard let value, !(value is NSNull) else { return Optional<Wrapped>.none as Any }
    if let optional = value as? any _OptionalValue, optional._wrappedValue == nil { return Optional<Wrapped>.none as Any }
    guard let wrapped = FieldValueConversion.convert(value, to: Wrapped.self) else { return nil }
    return Optional<Wrapped>.some(wrapped) as Any
  }
}

extension Array: _FieldValueConvertible {
  static func _convert(from value: Any?) -> Any? {
    let elements: [Any?]
    if let list = value as? DataDict.List {
      elements = list.elements.map { $0 }
    } else if let array = value as? [Any?] {
      elements = array
    } else {
      return nil
    }
    var converted: [Element] = []
    converted.reserveCapacity(elements.count)
    for element in elements {
      guard let value = FieldValueConversion.convert(element, to: Element.self) else { return nil }
      converted.append(value)
    }
    return converted
  }
}

/// An optional that a setter stores as its value or `NSNull`.
protocol _StorableOptional {
  var _storable: DataDict.FieldValue { get }
}

extension Optional: _StorableOptional where Wrapped: AnyScalarType {
  var _storable: DataDict.FieldValue {
    switch self {
    case .none: return NSNull()
    case .some(let wrapped): return FieldValueConversion.storable(wrapped)
    }
  }
}

/// A Swift array that a setter stores as a ``DataDict/List``.
protocol _StorableList {
  var _storableElements: [DataDict.FieldValue?] { get }
}

extension Array: _StorableList where Element: AnyScalarType {
  var _storableElements: [DataDict.FieldValue?] { map { FieldValueConversion.storable($0) } }
}

/// A value stored in a ``DataDict`` as an entity: a selection set, or an optional or list of them.
public protocol SelectionSetEntityValue: Sendable, Hashable {
  /// Builds the value from what the `DataDict` holds for the field.
  init(_fieldData: DataDict.FieldValue?)
  /// What the `DataDict` stores for the value.
  var _fieldData: DataDict.FieldValue { get }
}

extension Optional: SelectionSetEntityValue where Wrapped: SelectionSetEntityValue {
  public init(_fieldData data: DataDict.FieldValue?) {
    guard let data, !(data is NSNull) else { self = .none; return }
    if let optional = data as? any _OptionalValue, optional._wrappedValue == nil { self = .none; return }
    self = .some(Wrapped(_fieldData: data))
  }

  public var _fieldData: DataDict.FieldValue {
    guard case .some(let wrapped) = self else { return NSNull() }
    return wrapped._fieldData
  }
}

extension Array: SelectionSetEntityValue where Element: SelectionSetEntityValue {
  public init(_fieldData data: DataDict.FieldValue?) {
    if let list = data as? DataDict.List {
      self = list.elements.map { Element(_fieldData: $0) }
    } else if let dataDicts = data as? [DataDict] {
      self = dataDicts.map { Element(_fieldData: $0) }
    } else if let elements = data as? [DataDict.FieldValue?] {
      // Built by hand with nulls or nested lists (`[dataDict, nil]`), as upstream reads any list of field values.
      self = elements.map { Element(_fieldData: $0) }
    } else {
      preconditionFailure("\(Self.self) expected a list for an entity list field, found \(String(describing: data))")
    }
  }

  public var _fieldData: DataDict.FieldValue { DataDict.List(map { $0._fieldData }) }
}
