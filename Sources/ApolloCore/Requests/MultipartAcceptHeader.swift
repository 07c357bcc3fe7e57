import Foundation

/// The `Accept` values with which a request lets the server answer with multipart HTTP: incremental
/// delivery (`@defer`) for queries and mutations, multipart subscriptions for subscriptions. 1.x (from
/// 1.16) and 2.x send the same ones.
public enum MultipartAcceptHeader {
  /// The `Accept` value of queries and mutations.
  public static let deferValue =
    "multipart/mixed;deferSpec=20220824,application/graphql-response+json,application/json"
  /// The `Accept` value of subscriptions over multipart HTTP.
  public static let subscriptionValue =
    "multipart/mixed;subscriptionSpec=1.0,application/graphql-response+json,application/json"

  /// The `Accept` value for an operation of `operationType`.
  public static func value(for operationType: GraphQLOperationType) -> String {
    operationType == .subscription ? subscriptionValue : deferValue
  }
}
