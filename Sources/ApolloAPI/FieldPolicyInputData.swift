extension FieldPolicy {
  /// A field's arguments (or an input object among them) as a ``Provider`` reads them: variables already
  /// substituted, each value read back as a scalar, a nested object or a list.
  public struct InputData: Sendable {
    private let values: [String: ResolvedInput]

    init(values: [String: ResolvedInput]) { self.values = values }

    /// The arguments `arguments` with `variables` substituted (what a cache read passes to a ``Provider``).
    public init(arguments: [String: InputValue], variables: GraphQLOperation.Variables?) {
      self.values = arguments.compactMapValues { ResolvedInput($0, variables: variables) }
    }

    /// The scalar named `key`; `nil` when absent, `null`, or not a scalar.
    public subscript(_ key: String) -> (any ScalarType)? { values[key]?.scalar }

    /// The input object named `key`.
    @_disfavoredOverload
    public subscript(_ key: String) -> InputData? { values[key]?.object.map(InputData.init(values:)) }

    /// The list named `key`.
    @_disfavoredOverload
    public subscript(_ key: String) -> InputListData? { values[key]?.list.map(InputListData.init(elements:)) }
  }

  /// A list among a field's arguments, as a ``Provider`` reads it.
  public struct InputListData: Sendable {
    private let elements: [ResolvedInput?]

    init(elements: [ResolvedInput?]) { self.elements = elements }

    /// The number of elements.
    public var count: Int { elements.count }

    /// The scalar at `index`; `nil` when out of range, `null`, or not a scalar.
    public subscript(_ index: Int) -> (any ScalarType)? { element(at: index)?.scalar }

    /// The input object at `index`.
    @_disfavoredOverload
    public subscript(_ index: Int) -> InputData? { element(at: index)?.object.map(InputData.init(values:)) }

    /// The nested list at `index`.
    @_disfavoredOverload
    public subscript(_ index: Int) -> InputListData? { element(at: index)?.list.map(InputListData.init(elements:)) }

    private func element(at index: Int) -> ResolvedInput? {
      elements.indices.contains(index) ? elements[index] : nil
    }
  }
}

/// An argument value with its variables substituted; `null` and values without a JSON form are left out.
enum ResolvedInput: Sendable {
  case scalar(any ScalarType)
  case object([String: ResolvedInput])
  case list([ResolvedInput?])

  init?(_ input: InputValue, variables: GraphQLOperation.Variables?) {
    switch input {
    case .scalar(let scalar): self = .scalar(scalar)
    case .null: return nil
    case .variable(let name):
      guard let value = variables?[name]?._jsonEncodableValue?._jsonValue else { return nil }
      self.init(json: value)
    case .list(let elements): self = .list(elements.map { ResolvedInput($0, variables: variables) })
    case .object(let fields): self = .object(fields.compactMapValues { ResolvedInput($0, variables: variables) })
    }
  }

  /// A variable's JSON form (an input object variable is a JSON object, a list variable a JSON list).
  init?(json value: Any) {
    switch value {
    case let object as JSONObjectValue: self = .object(object.fields.compactMapValues { ResolvedInput(json: $0) })
    case let object as [String: Any]: self = .object(object.compactMapValues { ResolvedInput(json: $0) })
    case let list as JSONList: self = .list(list.elements.map { ResolvedInput(json: $0) })
    case let list as [Any]: self = .list(list.map { ResolvedInput(json: $0) })
    case let scalar as any ScalarType: self = .scalar(scalar)
    default: return nil
    }
  }

  var scalar: (any ScalarType)? {
    if case .scalar(let value) = self { return value }
    return nil
  }

  var object: [String: ResolvedInput]? {
    if case .object(let value) = self { return value }
    return nil
  }

  var list: [ResolvedInput?]? {
    if case .list(let value) = self { return value }
    return nil
  }
}
