/// A JSON list inside a ``JSONValue``.
///
/// Swift arrays of existential values are not `Hashable`, and bridging them to `NSArray` on Linux
/// turns integers into `NSNumber`s that also read as `Bool`. Lists encoded by this module (list
/// variables, list input fields) are therefore this type, which keeps every element as it was.
public struct JSONList: Hashable, Sendable {
  /// The elements as encoded, in order; equality compares them as JSON, not by Swift type.
  public let elements: [JSONValue]

  /// Wraps already-encoded elements.
  public init(_ elements: [JSONValue]) { self.elements = elements }

  public static func == (lhs: JSONList, rhs: JSONList) -> Bool {
    FieldValueComparison.canonical(lhs.elements) == FieldValueComparison.canonical(rhs.elements)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(FieldValueComparison.canonical(elements)) }
}

/// A JSON object inside a ``JSONValue``: an encoded input object or variables map (see ``JSONList``).
public struct JSONObjectValue: Hashable, Sendable {
  /// The members as encoded; equality compares them as JSON, not by Swift type.
  public let fields: JSONObject

  /// Wraps an already-encoded object.
  public init(_ fields: JSONObject) { self.fields = fields }

  public static func == (lhs: JSONObjectValue, rhs: JSONObjectValue) -> Bool {
    FieldValueComparison.canonical(lhs.fields) == FieldValueComparison.canonical(rhs.fields)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(FieldValueComparison.canonical(fields)) }
}
