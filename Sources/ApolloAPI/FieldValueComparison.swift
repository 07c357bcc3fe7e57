import Foundation

/// Compares stored values regardless of how they were built: the executor stores lists as
/// ``DataDict/List`` and `null` as `NSNull`, a generated initializer stores Swift arrays and
/// optionals, and JSON objects may be Swift dictionaries or bridged `NSDictionary`s.
enum FieldValueComparison {
  /// A hashable form in which equal data compares equal whatever its storage.
  static func canonical(_ value: Any?) -> AnyHashable {
    guard let value else { return nullMarker }
    if let optional = value as? any _OptionalValue {
      guard let wrapped = optional._wrappedValue else { return nullMarker }
      return canonical(wrapped)
    }
    switch value {
    case is NSNull: return nullMarker
    case let list as DataDict.List: return AnyHashable(list.elements.map { canonical($0) })
    case let list as JSONList: return AnyHashable(list.elements.map { canonical($0) })
    case let object as JSONObjectValue: return AnyHashable(object.fields.mapValues { canonical($0) })
    case let dataDict as DataDict: return AnyHashable(dataDict)
    case let string as String: return AnyHashable(string)
    case let object as [String: Any]: return AnyHashable(object.mapValues { canonical($0) })
    case let array as [Any]: return AnyHashable(array.map { canonical($0) })
    case let hashable as any Hashable: return AnyHashable(hashable)
    default: return AnyHashable(String(describing: value))
    }
  }

  /// Every null as one value. Not `NSNull()`: on Linux each `NSNull()` is its own object, hashed by its
  /// address, so two nulls compared equal but hashed apart (equal selection sets, different hashes).
  private static var nullMarker: AnyHashable { AnyHashable(Null()) }

  private struct Null: Hashable {}
}

/// Lets code that holds an `Any` see through an `Optional` of any wrapped type.
protocol _OptionalValue {
  var _wrappedValue: Any? { get }
}

extension Optional: _OptionalValue {
  var _wrappedValue: Any? {
    switch self {
    case .none: return nil
    case .some(let wrapped): return wrapped
    }
  }
}
