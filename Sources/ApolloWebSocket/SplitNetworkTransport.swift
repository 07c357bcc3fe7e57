import Foundation

/// Routes each operation by kind, never by content: queries to `queryTransport`, mutations to
/// `mutationTransport`, subscriptions to `subscriptionTransport`, uploads to `uploadTransport`.
///
/// When the subscription or upload transport is `Void`, the split transport does not conform to
/// ``SubscriptionNetworkTransport`` / ``UploadingNetworkTransport``, and ``ApolloClient`` throws
/// `noSubscriptionTransport` / `noUploadTransport`.
public final class SplitNetworkTransport<
  QueryTransport: NetworkTransport, MutationTransport: NetworkTransport, SubscriptionTransport: Sendable,
  UploadTransport: Sendable
>: NetworkTransport, Sendable {
  public let queryTransport: QueryTransport
  public let mutationTransport: MutationTransport
  public let subscriptionTransport: SubscriptionTransport
  public let uploadTransport: UploadTransport

  public init(queryTransport: QueryTransport, mutationTransport: MutationTransport,
              subscriptionTransport: SubscriptionTransport, uploadTransport: UploadTransport) {
    self.queryTransport = queryTransport
    self.mutationTransport = mutationTransport
    self.subscriptionTransport = subscriptionTransport
    self.uploadTransport = uploadTransport
  }

  public func send<Query: GraphQLQuery>(
    query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Error> {
    try queryTransport.send(query: query, fetchBehavior: fetchBehavior, requestConfiguration: requestConfiguration)
  }

  public func send<Mutation: GraphQLMutation>(
    mutation: Mutation, requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Error> {
    try mutationTransport.send(mutation: mutation, requestConfiguration: requestConfiguration)
  }
}

extension SplitNetworkTransport where SubscriptionTransport == Void, UploadTransport == Void {
  public convenience init(queryTransport: QueryTransport, mutationTransport: MutationTransport) {
    self.init(queryTransport: queryTransport, mutationTransport: mutationTransport, subscriptionTransport: (),
              uploadTransport: ())
  }
}

extension SplitNetworkTransport where UploadTransport == Void {
  public convenience init(queryTransport: QueryTransport, mutationTransport: MutationTransport,
                          subscriptionTransport: SubscriptionTransport) {
    self.init(queryTransport: queryTransport, mutationTransport: mutationTransport,
              subscriptionTransport: subscriptionTransport, uploadTransport: ())
  }
}

extension SplitNetworkTransport where SubscriptionTransport == Void {
  public convenience init(queryTransport: QueryTransport, mutationTransport: MutationTransport,
                          uploadTransport: UploadTransport) {
    self.init(queryTransport: queryTransport, mutationTransport: mutationTransport, subscriptionTransport: (),
              uploadTransport: uploadTransport)
  }
}

extension SplitNetworkTransport: SubscriptionNetworkTransport where SubscriptionTransport: SubscriptionNetworkTransport {
  public func send<Subscription: GraphQLSubscription>(
    subscription: Subscription, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) throws -> SubscriptionStream<GraphQLResponse<Subscription>> {
    try subscriptionTransport.send(subscription: subscription, fetchBehavior: fetchBehavior,
                                   requestConfiguration: requestConfiguration)
  }
}

extension SplitNetworkTransport: UploadingNetworkTransport where UploadTransport: UploadingNetworkTransport {
  public func upload<Operation: GraphQLOperation>(
    operation: Operation, files: [GraphQLFile], requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Operation>, any Error> {
    try uploadTransport.upload(operation: operation, files: files, requestConfiguration: requestConfiguration)
  }
}
