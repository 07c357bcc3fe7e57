@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI

/// The response path of the value an executor is reading, pushed and popped as the walk goes. List indexes
/// stay numbers until an error (or a field policy) needs the path written out, which is rare.
struct ExecutionPath {
  private enum Component {
    case key(String)
    case index(Int)
  }

  private var components: [Component]

  init(_ keys: [String] = []) {
    components = keys.map(Component.key)
  }

  mutating func push(_ key: String) { components.append(.key(key)) }
  mutating func push(index: Int) { components.append(.index(index)) }
  mutating func pop() { components.removeLast() }

  /// The components as a ``ResponsePath`` writes them: keys as they are, indexes in decimal.
  var keys: [String] {
    components.map { component in
      switch component {
      case .key(let key): return key
      case .index(let index): return String(index)
      }
    }
  }

  var responsePath: ResponsePath { ResponsePath(keys) }
}
