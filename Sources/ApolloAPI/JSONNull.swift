import Foundation

/// The one `null` value stored in JSON objects, `DataDict`s and records: `NSNull`, as upstream.
enum JSONNull {
  static let value: JSONValue = NSNull()

  static func isNull(_ value: JSONValue?) -> Bool {
    guard let value else { return true }
    return value is NSNull
  }
}
