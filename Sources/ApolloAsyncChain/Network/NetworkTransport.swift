import Foundation

/// Sends queries and mutations.
public protocol NetworkTransport: AnyObject, Sendable {
  /// Runs `query` as `fetchBehavior` says; the stream yields one result per cache read and network response and
  /// finishes when the request does. Called by ``ApolloClient``, which also handles watchers.
  func send<Query: GraphQLQuery>(query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration)
    throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Error>
  /// Sends `mutation`, network only; the stream usually yields one result (more with `@defer`).
  func send<Mutation: GraphQLMutation>(mutation: Mutation, requestConfiguration: RequestConfiguration)
    throws -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Error>
}

/// Sends subscriptions.
public protocol SubscriptionNetworkTransport {
  /// Starts `subscription`; the returned stream also reports its connection state (``SubscriptionStream/state``).
  func send<Subscription: GraphQLSubscription>(
    subscription: Subscription, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) throws -> SubscriptionStream<GraphQLResponse<Subscription>>
}

/// Sends operations with files.
public protocol UploadingNetworkTransport {
  /// Sends `operation` with `files` as `multipart/form-data`, network only.
  func upload<Operation: GraphQLOperation>(
    operation: Operation, files: [GraphQLFile], requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Operation>, any Error>
}
