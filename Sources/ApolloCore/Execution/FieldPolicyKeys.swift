@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

/// The records a field policy points a cache read at: `book(id: "1")` with `@fieldPolicy(keyArgs: "id")` reads
/// `Book:1`. The app's ``FieldPolicy/Provider`` (its `SchemaConfiguration`) is asked first, then the generated
/// `fieldPolicy` key arguments. Keys are `uniqueKeyGroup:id`, or `Typename:id` with the field's declared type
/// name, as ``SchemaMetadata/cacheKey(for:inferredToImplementInterface:)`` keys the records a response writes.
enum FieldPolicyKeys: Equatable {
  case single(CacheKey)
  case list([CacheKey])

  init?(field: Selection.Field, variables: ApolloAPI.GraphQLOperation.Variables?, schema: any SchemaMetadata.Type, path: [String]) {
    guard let arguments = field.arguments, !arguments.isEmpty,
          case .object(let selectionSet) = field.type.namedType else { return nil }
    let typename = selectionSet.__parentType.__typename
    let returnsList = Self.isList(field.type)
    func key(_ info: CacheKeyInfo) -> CacheKey { "\(info.uniqueKeyGroup ?? typename):\(info.id)" }

    // The arguments with the variables substituted, read by the app's provider and by the key arguments alike.
    let input = FieldPolicy.InputData(arguments: arguments, variables: variables)
    if let provider = schema.configuration as? any FieldPolicy.Provider.Type {
      if returnsList, let infos = provider.cacheKeyList(for: FieldPolicy.Field(field), inputData: input, path: ResponsePath(path)) {
        self = .list(infos.map(key))
        return
      }
      if !returnsList, let info = provider.cacheKey(for: FieldPolicy.Field(field), inputData: input, path: ResponsePath(path)) {
        self = .single(key(info))
        return
      }
    }
    guard let directive = field.fieldPolicy,
          let ids = Self.ids(keyArgs: directive.keyArgs, input: input, returnsList: returnsList)
    else { return nil }
    if returnsList {
      self = .list(ids.map { key(CacheKeyInfo(id: $0)) })
    } else {
      // A list argument on a field that returns one object names no single record.
      guard ids.count == 1 else { return nil }
      self = .single(key(CacheKeyInfo(id: ids[0])))
    }
  }

  private static func isList(_ type: Selection.Field.OutputType) -> Bool {
    switch type {
    case .nonNull(let inner): return isList(inner)
    case .list: return true
    default: return false
    }
  }

  /// The ids from the key arguments: each argument's value as text, several joined with `+`; one argument may be a
  /// list (giving one id per element). `nil` when an argument is missing or does not resolve to text.
  private static func ids(keyArgs: [String], input: FieldPolicy.InputData, returnsList: Bool) -> [String]? {
    var parts: [[String]] = []
    for keyArg in keyArgs {
      guard let values = text(at: keyArg.split(separator: ".").map(String.init), in: input), !values.isEmpty else {
        return nil
      }
      parts.append(values)
    }
    guard !parts.isEmpty else { return nil }
    let listIndex = parts.firstIndex { $0.count > 1 } ?? (returnsList ? parts.indices.last : nil)
    guard let listIndex else { return [parts.map { $0[0] }.joined(separator: "+")] }
    // Only one argument may be a list.
    guard parts.indices.allSatisfy({ $0 == listIndex || parts[$0].count == 1 }) else { return nil }
    return parts[listIndex].map { element in
      parts.indices.map { $0 == listIndex ? element : parts[$0][0] }.joined(separator: "+")
    }
  }

  /// The text of the argument at `path` (a name, then keys into input objects): one value for a scalar, one per
  /// element for a list of scalars; `nil` for anything else, a list of lists included.
  private static func text(at path: [String], in input: FieldPolicy.InputData) -> [String]? {
    guard let leaf = path.last else { return nil }
    var container = input
    for key in path.dropLast() {
      guard let next: FieldPolicy.InputData = container[key] else { return nil }
      container = next
    }
    if let scalar: any ScalarType = container[leaf] { return [text(of: scalar)] }
    guard let list: FieldPolicy.InputListData = container[leaf] else { return nil }
    var values: [String] = []
    for index in 0..<list.count {
      let nested: FieldPolicy.InputListData? = list[index]
      if nested != nil { return nil }
      if let scalar: any ScalarType = list[index] { values.append(text(of: scalar)) }
    }
    return values
  }

  /// A scalar as a key component: strings as they are, booleans as `true`/`false`, numbers in Swift's form.
  private static func text(of scalar: any ScalarType) -> String {
    switch scalar {
    case let string as String: return string
    case let bool as Bool: return bool ? "true" : "false"
    default: return String(describing: scalar)
    }
  }

}
