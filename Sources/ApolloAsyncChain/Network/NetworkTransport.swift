import Foundation

/// Sends queries and mutations.
public protocol NetworkTransport: AnyObject, Sendable {
  func send<Query: GraphQLQuery>(query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration)
    throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Error>
  func send<Mutation: GraphQLMutation>(mutation: Mutation, requestConfiguration: RequestConfiguration)
    throws -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Error>
}

/// Sends subscriptions.
public protocol SubscriptionNetworkTransport {
  func send<Subscription: GraphQLSubscription>(
    subscription: Subscription, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) throws -> SubscriptionStream<GraphQLResponse<Subscription>>
}

/// Sends operations with files.
public protocol UploadingNetworkTransport {
  func upload<Operation: GraphQLOperation>(
    operation: Operation, files: [GraphQLFile], requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Operation>, any Error>
}
