import Foundation

/// HTTP header fields gathered before they are put on a `URLRequest` in one assignment.
///
/// Names compare case-insensitively (ASCII, as HTTP field names are) and keep the spelling they were first
/// given; ``append(_:for:)`` joins a repeated name with a comma, as `URLRequest.addValue` does. Each
/// `URLRequest` header mutation is costly on Linux, where it goes through `NSMutableURLRequest`.
public struct HTTPHeaderFields: Sendable, Hashable {
  /// One field under the spelling its name was first given.
  private struct Field: Sendable {
    var name: String
    var value: String
  }

  // A request carries a handful of fields: a list searched in place costs less than hashing each name
  // (and a lowercased copy of it) into two dictionaries.
  private var fields: [Field] = []

  /// Room for the fields a request usually carries, taken with the first one: growing one by one
  /// reallocated the list three times per request.
  private static let usualCount = 8

  /// No fields.
  public init() {}

  /// The fields under the spelling each name was first given.
  public var dictionary: [String: String] {
    var dictionary = [String: String](minimumCapacity: fields.count)
    for field in fields { dictionary[field.name] = field.value }
    return dictionary
  }

  /// Adds a value; an existing field of the same name gets `,value` appended.
  public mutating func append(_ value: String, for name: String) {
    if let index = index(of: name) {
      fields[index].value += "," + value
    } else {
      add(Field(name: name, value: value))
    }
  }

  /// Sets or (with `nil`) removes a field. A set field takes the spelling given here.
  public mutating func set(_ value: String?, for name: String) {
    switch (index(of: name), value) {
    case (let index?, let value?): fields[index] = Field(name: name, value: value)
    case (let index?, nil): fields.remove(at: index)
    case (nil, let value?): add(Field(name: name, value: value))
    case (nil, nil): break
    }
  }

  /// The value of a field, looked up case-insensitively.
  public subscript(name: String) -> String? {
    index(of: name).map { fields[$0].value }
  }

  public static func == (lhs: HTTPHeaderFields, rhs: HTTPHeaderFields) -> Bool {
    lhs.dictionary == rhs.dictionary
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(dictionary)
  }

  private mutating func add(_ field: Field) {
    if fields.isEmpty { fields.reserveCapacity(Self.usualCount) }
    fields.append(field)
  }

  private func index(of name: String) -> Int? {
    fields.firstIndex { Self.sameName($0.name, name) }
  }

  /// `headers` as `URLRequest.addValue` would leave them, one call per entry: names that differ only in case
  /// become one field whose values are joined with a comma (in the order of the names, so the result does not
  /// depend on the dictionary's order). Returned as given when no two names collide, the usual case.
  public static func joiningCaseVariants(of headers: [String: String]) -> [String: String] {
    let names = headers.keys
    let collide = names.indices.contains { i in
      names.indices[names.index(after: i)...].contains { sameName(names[i], names[$0]) }
    }
    guard collide else { return headers }
    var fields = HTTPHeaderFields()
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.append(value, for: name) }
    return fields.dictionary
  }

  /// ASCII letters compared case-insensitively, every other byte exactly.
  private static func sameName(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8) { $0.asciiLowercased == $1.asciiLowercased }
  }
}
