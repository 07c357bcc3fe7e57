/// The path of a field in a response: response keys and list indexes, joined with `.`.
public struct ResponsePath: ExpressibleByArrayLiteral, Hashable, Sendable, CustomStringConvertible {
  /// One component: a response key, or a list index written as a string.
  public typealias Key = String

  private var components: [Key]

  public init(arrayLiteral segments: Key...) { components = segments }
  /// A path of one component.
  public init(_ key: Key) { components = [key] }
  /// A path of these components, in order.
  public init(_ components: [Key]) { self.components = components }

  /// The components joined with `.`; empty for the root.
  public var joined: String { components.joined(separator: ".") }
  /// `true` for the root's path.
  public var isEmpty: Bool { components.isEmpty }
  /// The components in order (1.x's `toArray()`).
  public func toArray() -> [Key] { components }

  /// Adds `key` at the end, in place.
  public mutating func append(_ key: Key) { components.append(key) }
  /// A copy with `key` added at the end.
  public func appending(_ key: Key) -> ResponsePath { var copy = self; copy.append(key); return copy }

  /// Same as ``appending(_:)``: `path + "hero"`.
  public static func + (lhs: ResponsePath, rhs: Key) -> ResponsePath { lhs.appending(rhs) }

  public var description: String { joined }

  /// Paths are equal when they join to the same string, as upstream's are.
  public static func == (lhs: ResponsePath, rhs: ResponsePath) -> Bool { lhs.joined == rhs.joined }
  public func hash(into hasher: inout Hasher) { hasher.combine(joined) }
}
