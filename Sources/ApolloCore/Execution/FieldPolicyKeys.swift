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

    if let provider = schema.configuration as? any FieldPolicy.Provider.Type {
      let input = FieldPolicy.InputData(arguments: arguments, variables: variables)
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
          let ids = Self.ids(keyArgs: directive.keyArgs, arguments: arguments, variables: variables, returnsList: returnsList)
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
  private static func ids(
    keyArgs: [String], arguments: [String: InputValue], variables: ApolloAPI.GraphQLOperation.Variables?, returnsList: Bool
  ) -> [String]? {
    var parts: [[String]] = []
    for keyArg in keyArgs {
      let path = keyArg.split(separator: ".").map(String.init)
      guard let name = path.first, let argument = arguments[name],
            let values = text(of: argument, keyPath: path.dropFirst(), variables: variables), !values.isEmpty
      else { return nil }
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

  private static func text(of input: InputValue, keyPath: ArraySlice<String>, variables: ApolloAPI.GraphQLOperation.Variables?) -> [String]? {
    switch input {
    case .scalar(let scalar): return keyPath.isEmpty ? text(ofJSON: scalar) : nil
    case .null: return nil
    case .variable(let name):
      guard let value = variables?[name]?._jsonEncodableValue?._jsonValue else { return nil }
      return text(ofJSON: value, keyPath: keyPath)
    case .list(let elements):
      guard keyPath.isEmpty else { return nil }
      var values: [String] = []
      for element in elements {
        if case .list = element { return nil }
        if let value = text(of: element, keyPath: [], variables: variables)?.first { values.append(value) }
      }
      return values.isEmpty ? nil : values
    case .object(let fields):
      guard let head = keyPath.first, let next = fields[head] else { return nil }
      return text(of: next, keyPath: keyPath.dropFirst(), variables: variables)
    }
  }

  private static func text(ofJSON value: Any, keyPath: ArraySlice<String> = []) -> [String]? {
    if let head = keyPath.first {
      switch value {
      case let object as JSONObjectValue: return object.fields[head].flatMap { text(ofJSON: $0, keyPath: keyPath.dropFirst()) }
      case let object as [String: Any]: return object[head].flatMap { text(ofJSON: $0, keyPath: keyPath.dropFirst()) }
      default: return nil
      }
    }
    switch value {
    case let string as String: return [string]
    case let bool as Bool: return [bool ? "true" : "false"]
    case let int as Int: return [String(int)]
    case let int as Int32: return [String(int)]
    case let double as Double: return [String(double)]
    case let float as Float: return [String(float)]
    case let list as JSONList: return nonEmpty(list.elements.compactMap { text(ofJSON: $0)?.first })
    case let list as [Any]: return nonEmpty(list.compactMap { text(ofJSON: $0)?.first })
    case let encodable as any JSONEncodable:
      // A custom scalar or enum: its JSON form.
      let json = encodable._jsonValue
      if type(of: json) == type(of: encodable) { return nil }
      return text(ofJSON: json)
    default: return nil
    }
  }

  private static func nonEmpty(_ values: [String]) -> [String]? { values.isEmpty ? nil : values }
}
