import ApolloCore

/// The kind of a 0.x generated operation.
public enum GraphQLOperationType: Hashable, Sendable {
  /// Reads data; may be answered from the cache.
  case query
  /// Changes data; always sent to the server.
  case mutation
  /// Receives a stream of results over a socket.
  case subscription
}

/// A 0.x generated operation (`public final class HeroNameQuery: GraphQLQuery`): its document, name and
/// variables are instance members.
public protocol GraphQLOperation: AnyObject {
  /// Query, mutation or subscription.
  var operationType: GraphQLOperationType { get }
  /// The operation's own definition.
  var operationDefinition: String { get }
  /// The persisted-query identifier, when code generation produced one.
  var operationIdentifier: String? { get }
  /// The operation's name.
  var operationName: String { get }
  /// The document sent as `query`: the definition with the fragments it uses.
  var queryDocument: String { get }
  /// The variables; a `nil` value means absent.
  var variables: GraphQLMap? { get }

  /// The operation's result type.
  associatedtype Data: GraphQLSelectionSet
}

extension GraphQLOperation {
  /// No persisted-query identifier.
  public var operationIdentifier: String? { nil }
  /// The definition alone (operations that use fragments override it).
  public var queryDocument: String { operationDefinition }
  /// No variables.
  public var variables: GraphQLMap? { nil }
}

/// A 0.x generated query.
public protocol GraphQLQuery: GraphQLOperation {}

extension GraphQLQuery {
  /// `.query`
  public var operationType: GraphQLOperationType { .query }
}

/// A 0.x generated mutation.
public protocol GraphQLMutation: GraphQLOperation {}

extension GraphQLMutation {
  /// `.mutation`
  public var operationType: GraphQLOperationType { .mutation }
}

/// A 0.x generated subscription.
public protocol GraphQLSubscription: GraphQLOperation {}

extension GraphQLSubscription {
  /// `.subscription`
  public var operationType: GraphQLOperationType { .subscription }
}

extension GraphQLOperationType {
  /// `QUERY_ROOT`, `MUTATION_ROOT` or `SUBSCRIPTION_ROOT`: the record the operation's data is rooted at.
  package var rootKey: CacheKey {
    switch self {
    case .query: return "QUERY_ROOT"
    case .mutation: return "MUTATION_ROOT"
    case .subscription: return "SUBSCRIPTION_ROOT"
    }
  }
}
