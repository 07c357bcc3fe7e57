import Foundation

/// HTTP header fields gathered before they are put on a `URLRequest` in one assignment.
///
/// Names compare case-insensitively and keep the spelling they were first given; ``append(_:for:)``
/// joins a repeated name with a comma, as `URLRequest.addValue` does. Each `URLRequest` header
/// mutation is costly on Linux, where it goes through `NSMutableURLRequest`.
public struct HTTPHeaderFields: Sendable, Hashable {
  /// The fields under the spelling each name was first given.
  public private(set) var dictionary: [String: String] = [:]
  private var spellings: [String: String] = [:]

  /// No fields.
  public init() {}

  /// Adds a value; an existing field of the same name gets `,value` appended.
  public mutating func append(_ value: String, for name: String) {
    let folded = name.lowercased()
    if let spelling = spellings[folded], let existing = dictionary[spelling] {
      dictionary[spelling] = existing + "," + value
    } else {
      spellings[folded] = name
      dictionary[name] = value
    }
  }

  /// Sets or (with `nil`) removes a field.
  public mutating func set(_ value: String?, for name: String) {
    let folded = name.lowercased()
    if let spelling = spellings[folded] {
      dictionary[spelling] = nil
      spellings[folded] = nil
    }
    if let value {
      spellings[folded] = name
      dictionary[name] = value
    }
  }

  /// The value of a field, looked up case-insensitively.
  public subscript(name: String) -> String? {
    spellings[name.lowercased()].flatMap { dictionary[$0] }
  }
}
