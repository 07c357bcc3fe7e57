import Foundation

/// One entry of a GraphQL response's `errors` array.
///
/// The entry is kept whole, so unknown members survive. ``extensions`` and the key subscript hand out
/// Foundation-shaped values (`String`, `Int`, `[String: Any]`…), so `error.extensions?["code"] as? String`
/// works as it did in every Apollo generation; ``object`` gives the typed JSON.
public struct GraphQLError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// A position in the request document.
  public struct Location: Hashable, Sendable {
    /// 1-based line in the request document.
    public let line: Int
    /// 1-based column in the request document.
    public let column: Int
    /// A location as a server reports it (both 1-based).
    public init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }
  }

  /// One step of a response path: a field name or a list index.
  public enum PathEntry: Hashable, Sendable, CustomStringConvertible {
    /// A field, by its response name (alias if any).
    case field(String)
    /// A position in a list, from 0.
    case index(Int)
    public var description: String {
      switch self {
      case .field(let name): return name
      case .index(let index): return String(index)
      }
    }
  }

  /// The error entry exactly as received.
  public let object: JSON.Object

  /// Keeps `object` whole: no member is required, and unknown ones stay readable through ``object`` and the subscript.
  public init(_ object: JSON.Object) {
    self.object = object
  }

  /// An error with only a message.
  public init(message: String) {
    self.object = ["message": .string(message)]
  }

  /// The member named `key`, in Foundation shape.
  public subscript(key: String) -> Any? {
    object[key]?.foundationValue
  }

  /// The `message` member.
  public var message: String? { object["message"]?.stringValue }

  /// The `locations` member; `nil` when absent or not well formed.
  public var locations: [Location]? {
    guard let entries = object["locations"]?.arrayValue else { return nil }
    var result: [Location] = []
    for entry in entries {
      guard let line = entry["line"]?.intValue, let column = entry["column"]?.intValue else { return nil }
      result.append(Location(line: line, column: column))
    }
    return result
  }

  /// The `path` member; `nil` when absent or not well formed.
  public var path: [PathEntry]? {
    guard let entries = object["path"]?.arrayValue else { return nil }
    var result: [PathEntry] = []
    for entry in entries {
      switch entry {
      case .string(let name): result.append(.field(name))
      case .int(let index): result.append(.index(index))
      default: return nil
      }
    }
    return result
  }

  /// The `extensions` member in Foundation shape.
  public var extensions: [String: Any]? { object["extensions"]?.objectValue?.foundationObject }

  /// The `extensions` member as typed JSON.
  public var extensionsJSON: JSON.Object? { object["extensions"]?.objectValue }

  public var description: String { message ?? "GraphQL Error" }
  public var errorDescription: String? { description }
}
