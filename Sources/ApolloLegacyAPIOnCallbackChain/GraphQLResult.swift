import ApolloCallbackChain
import ApolloLegacyRuntime

/// The result of an `API.swift` operation, as Apollo iOS 0.34–0.53 delivered it: its data, GraphQL errors,
/// extensions, and where it came from.
///
/// GraphQL errors sit next to whatever data was read; they are never turned into a failure. (1.x's result,
/// which ApolloCallbackChain delivers for operations in the 1.x/2.x shape, requires a `RootSelectionSet`; this
/// one takes any `Data`, as 0.34–0.53's did.)
public struct GraphQLResult<Data> {
  /// Where a result came from.
  public enum Source: Hashable, Sendable {
    /// Read from the normalized store, with no request sent for it.
    case cache
    /// Read from a network response.
    case server
  }

  /// The data read into the operation's selection set, `nil` when the response had none.
  public let data: Data?
  /// The `errors` of the response; `nil` when it had no `errors` member.
  public let errors: [GraphQLError]?
  /// The `extensions` of the response, typed.
  public let extensionsJSON: JSON.Object?
  /// Where the result came from.
  public let source: Source
  /// The record fields the result was read from or written to; `nil` for a result that was not normalized
  /// (internal, as in 0.34–0.53: watchers read it).
  var dependentKeys: Set<CacheKey>? { dependentKeySource?.keys }
  private let dependentKeySource: DependentKeys?

  /// The `extensions` of the response, in Foundation shape (0.34–0.53's `[String: Any]`).
  public var extensions: [String: Any]? { extensionsJSON?.foundationObject }

  /// Takes `extensions` in Foundation shape and keeps them as typed JSON (``extensionsJSON``); values that are not
  /// JSON are dropped.
  public init(data: Data?, extensions: [String: Any]?, errors: [GraphQLError]?, source: Source,
              dependentKeys: Set<CacheKey>?) {
    self.init(data: data, extensionsJSON: extensions.flatMap { JSON(foundationValue: $0)?.objectValue }, errors: errors,
              source: source, dependentKeySource: dependentKeys.map(DependentKeys.init))
  }

  init(data: Data?, extensionsJSON: JSON.Object?, errors: [GraphQLError]?, source: Source,
       dependentKeySource: DependentKeys?) {
    self.data = data
    self.extensionsJSON = extensionsJSON
    self.errors = errors
    self.source = source
    self.dependentKeySource = dependentKeySource
  }
}

extension GraphQLResult where Data: GraphQLSelectionSet {
  /// The request chain's result for a boxed operation, its `ResultMap` wrapped in the operation's own `Data`.
  init(_ chainResult: ApolloCallbackChain.GraphQLResult<LegacyResponsePlaceholder>) {
    let source: Source
    switch chainResult.source {
    case .cache: source = .cache
    case .server: source = .server
    }
    self.init(data: chainResult.data?.resultMap.map { Data(unsafeResultMap: $0) }, extensionsJSON: chainResult.extensionsJSON,
              errors: chainResult.errors, source: source, dependentKeySource: chainResult.dependentKeySource)
  }
}

/// The closure type of every `ApolloClient` result handler for `API.swift` operations.
public typealias GraphQLResultHandler<Data> = (Result<GraphQLResult<Data>, any Error>) -> Void
