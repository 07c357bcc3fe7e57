import ApolloCore
import Foundation

/// A selection set's data in 0.x generated code: scalars as their Swift values, objects as nested `ResultMap`s,
/// lists as `[Any?]`, `null` as `nil`.
public typealias ResultMap = [String: Any?]

/// A 0.x generated selection set (`struct Data: GraphQLSelectionSet`, and every nested object type).
public protocol GraphQLSelectionSet {
  /// What the generated code selects on this type.
  static var selections: [any GraphQLSelection] { get }
  /// The data the accessors read and write.
  var resultMap: ResultMap { get }
  /// Wraps data without checking it against ``selections``.
  init(unsafeResultMap: ResultMap)
}

extension GraphQLSelectionSet {
  /// Reads a JSON object (a response's `data`, or an object in it) through ``selections``, with 0.x's rules.
  ///
  /// - Throws: `GraphQLResultError` with the response path of the first field that is missing, `null` where
  ///   it cannot be, or of the wrong type.
  public init(jsonObject: JSONObject, variables: GraphQLMap? = nil) throws {
    var executor = LegacyExecutor(variables: variables)
    let resultMap = try executor.execute(Self.selections, on: jsonObject)
    self.init(unsafeResultMap: resultMap)
  }

  /// The data as a JSON object: enums and custom scalars as their JSON values, `nil` as `NSNull`.
  public var jsonObject: JSONObject { LegacyJSONConversion.jsonObject(of: resultMap) }

  /// Converts another selection set over the same object (a fragment, a type case) by reading its data through
  /// this type's selections.
  public init(_ selectionSet: any GraphQLSelectionSet) throws {
    try self.init(jsonObject: selectionSet.jsonObject)
  }
}

/// A 0.x generated fragment.
public protocol GraphQLFragment: GraphQLSelectionSet {
  /// The fragment's definition, appended to the documents of the operations that use it.
  static var fragmentDefinition: String { get }
  /// The types the fragment applies to.
  static var possibleTypes: [String] { get }
}
