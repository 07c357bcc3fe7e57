/// Field policies: how a cache read finds the object a field with arguments returns (`book(id: "1")` reads the
/// record `Book:1`) without that field ever having been fetched.
///
/// Generated code declares them with `fieldPolicy: .init(keyArgs: […])` on a field (from the schema's
/// `@fieldPolicy(forField:keyArgs:)`); an app computes them itself by making its `SchemaConfiguration` a
/// ``FieldPolicy/Provider``, which is asked first.
public enum FieldPolicy {
  /// Computes the cache keys of fields' objects from their arguments; adopted by the app's `SchemaConfiguration`.
  public protocol Provider {
    /// The key of the object a single-object field returns, `nil` to read the field as usual.
    ///
    /// - Parameters:
    ///   - field: the field being read.
    ///   - inputData: its arguments, with the operation's variables substituted.
    ///   - path: where the field is in the response.
    static func cacheKey(for field: Field, inputData: InputData, path: ResponsePath) -> CacheKeyInfo?

    /// The keys of the objects a list field returns, in order, `nil` to read the field as usual.
    static func cacheKeyList(for listField: Field, inputData: InputData, path: ResponsePath) -> [CacheKeyInfo]?
  }

  /// The field a ``Provider`` is asked about.
  public struct Field: Sendable, Hashable {
    /// The field's name in the schema.
    public let name: String
    /// Its alias in the operation, if any.
    public let alias: String?
    /// Its type, as the selection declares it.
    public let type: Selection.Field.OutputType

    /// The key of the field in the response: the alias, else the name.
    public var responseKey: String { alias ?? name }

    /// A field described by its parts.
    public init(name: String, alias: String?, type: Selection.Field.OutputType) {
      self.name = name
      self.alias = alias
      self.type = type
    }

    /// The field of a generated selection.
    public init(_ selectionField: Selection.Field) {
      self.init(name: selectionField.name, alias: selectionField.alias, type: selectionField.type)
    }
  }
}
