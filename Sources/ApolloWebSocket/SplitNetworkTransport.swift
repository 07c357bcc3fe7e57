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
  /// Receives every `send(query:…)`.
  private let queryTransport: QueryTransport
  /// Receives every `send(mutation:…)`, even when `subscriptionTransport` is a WebSocket that could carry mutations.
  private let mutationTransport: MutationTransport
  /// Receives every `send(subscription:…)`; `Void` when there is none.
  private let subscriptionTransport: SubscriptionTransport
  /// Receives every `upload(operation:files:…)`; `Void` when there is none.
  private let uploadTransport: UploadTransport

  /// Routes to four transports. Upstream 2.x has one init with `Void()` defaults; the three convenience inits below
  /// give the same call sites. Upstream 1.x's split transport took an HTTP and a WebSocket transport instead.
  public init(queryTransport: QueryTransport, mutationTransport: MutationTransport,
              subscriptionTransport: SubscriptionTransport, uploadTransport: UploadTransport) {
    self.queryTransport = queryTransport
    self.mutationTransport = mutationTransport
    self.subscriptionTransport = subscriptionTransport
    self.uploadTransport = uploadTransport
  }

  /// Forwards to ``queryTransport`` unchanged.
  public func send<Query: GraphQLQuery>(
    query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Error> {
    try queryTransport.send(query: query, fetchBehavior: fetchBehavior, requestConfiguration: requestConfiguration)
  }

  /// Forwards to ``mutationTransport`` unchanged.
  public func send<Mutation: GraphQLMutation>(
    mutation: Mutation, requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Error> {
    try mutationTransport.send(mutation: mutation, requestConfiguration: requestConfiguration)
  }
}

extension SplitNetworkTransport where SubscriptionTransport == Void, UploadTransport == Void {
  /// A split transport with no subscription or upload transport: ``ApolloClient`` throws for subscriptions and uploads.
  public convenience init(queryTransport: QueryTransport, mutationTransport: MutationTransport) {
    self.init(queryTransport: queryTransport, mutationTransport: mutationTransport, subscriptionTransport: (),
              uploadTransport: ())
  }
}

extension SplitNetworkTransport where UploadTransport == Void {
  /// A split transport without an upload transport: ``ApolloClient`` throws for uploads.
  public convenience init(queryTransport: QueryTransport, mutationTransport: MutationTransport,
                          subscriptionTransport: SubscriptionTransport) {
    self.init(queryTransport: queryTransport, mutationTransport: mutationTransport,
              subscriptionTransport: subscriptionTransport, uploadTransport: ())
  }
}

extension SplitNetworkTransport where SubscriptionTransport == Void {
  /// A split transport without a subscription transport: ``ApolloClient`` throws for subscriptions.
  public convenience init(queryTransport: QueryTransport, mutationTransport: MutationTransport,
                          uploadTransport: UploadTransport) {
    self.init(queryTransport: queryTransport, mutationTransport: mutationTransport, subscriptionTransport: (),
              uploadTransport: uploadTransport)
  }
}

extension SplitNetworkTransport: SubscriptionNetworkTransport where SubscriptionTransport: SubscriptionNetworkTransport {
  /// Forwards to ``subscriptionTransport`` unchanged; exists only when that transport can carry subscriptions.
  public func send<Subscription: GraphQLSubscription>(
    subscription: Subscription, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) throws -> SubscriptionStream<GraphQLResponse<Subscription>> {
    try subscriptionTransport.send(subscription: subscription, fetchBehavior: fetchBehavior,
                                   requestConfiguration: requestConfiguration)
  }
}

extension SplitNetworkTransport: UploadingNetworkTransport where UploadTransport: UploadingNetworkTransport {
  /// Forwards to ``uploadTransport`` unchanged; exists only when that transport can upload.
  public func upload<Operation: GraphQLOperation>(
    operation: Operation, files: [GraphQLFile], requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Operation>, any Error> {
    try uploadTransport.upload(operation: operation, files: files, requestConfiguration: requestConfiguration)
  }
}
