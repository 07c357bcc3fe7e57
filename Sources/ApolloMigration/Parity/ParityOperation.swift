import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation

/// An operation together with the way each generation's client issues it.
///
/// Built where the operation's type is known (``query(_:)``, ``mutation(_:)``, ``upload(_:files:)``,
/// ``subscription(_:)``), so the stacks never need to open an existential to call a generic client method.
public struct ParityOperation: Sendable {
  /// The operation's name, for reports.
  public let name: String
  let issueOn0x: @Sendable (V0Client, ParityCachePolicy, DispatchQueue, @escaping @Sendable (ParityDelivery) -> Void) -> any Cancellable
  let issueOn1x: @Sendable (V1Client, ParityCachePolicy, DispatchQueue, @escaping @Sendable (ParityDelivery) -> Void) -> any Cancellable
  let issueOn2x: @Sendable (V2Client, ParityCachePolicy) throws -> AsyncThrowingStream<ParityDelivery, any Error>

  /// A query, fetched with the step's cache policy.
  public static func query<Query: GraphQLQuery>(_ query: Query) -> ParityOperation {
    ParityOperation(
      name: Query.operationName,
      issueOn0x: { client, policy, queue, deliver in
        client.fetch(query: query, cachePolicy: policy.v0, queue: queue) { deliver(ParityDelivery($0)) }
      },
      issueOn1x: { client, policy, queue, deliver in
        client.fetch(query: query, cachePolicy: policy.v1, queue: queue) { deliver(ParityDelivery($0)) }
      },
      issueOn2x: { client, policy in
        let (behavior, configuration) = policy.v2
        return try client.fetch(query: query, fetchBehavior: behavior, requestConfiguration: configuration).parityDeliveries()
      })
  }

  /// A mutation; `networkOnlyWithoutStore` performs it without publishing its result.
  public static func mutation<Mutation: GraphQLMutation>(_ mutation: Mutation) -> ParityOperation
  where Mutation.ResponseFormat == SingleResponseFormat {
    ParityOperation(
      name: Mutation.operationName,
      issueOn0x: { client, _, queue, deliver in
        client.perform(mutation: mutation, queue: queue) { deliver(ParityDelivery($0)) }
      },
      issueOn1x: { client, policy, queue, deliver in
        client.perform(mutation: mutation, publishResultToStore: policy != .networkOnlyWithoutStore, queue: queue) {
          deliver(ParityDelivery($0))
        }
      },
      issueOn2x: { client, policy in
        let configuration = RequestConfiguration(writeResultsToCache: policy != .networkOnlyWithoutStore)
        return singleDelivery { try await client.perform(mutation: mutation, requestConfiguration: configuration) }
      })
  }

  /// An operation sent with files as a GraphQL multipart request.
  public static func upload<Operation: GraphQLOperation>(_ operation: Operation, files: [GraphQLFile]) -> ParityOperation
  where Operation.ResponseFormat == SingleResponseFormat {
    ParityOperation(
      name: Operation.operationName,
      issueOn0x: { client, _, queue, deliver in
        client.upload(operation: operation, files: files, queue: queue) { deliver(ParityDelivery($0)) }
      },
      issueOn1x: { client, _, queue, deliver in
        client.upload(operation: operation, files: files, queue: queue) { deliver(ParityDelivery($0)) }
      },
      issueOn2x: { client, _ in
        singleDelivery { try await client.upload(operation: operation, files: files) }
      })
  }

  /// A subscription over multipart HTTP. 0.x has none: its stacks deliver ``ParityFailure`` `unsupported`.
  public static func subscription<Subscription: GraphQLSubscription>(_ subscription: Subscription) -> ParityOperation {
    ParityOperation(
      name: Subscription.operationName,
      issueOn0x: { _, _, queue, deliver in
        queue.async { deliver(.failure(ParityFailure(category: "unsupported", detail: "0.x subscribes over WebSocket only"))) }
        return EmptyCancellable()
      },
      issueOn1x: { client, _, queue, deliver in
        client.subscribe(subscription: subscription, queue: queue) { deliver(ParityDelivery($0)) }
      },
      issueOn2x: { client, policy in
        let behavior: V2CachePolicy.Subscription = policy == .cacheAndNetwork ? .cacheThenNetwork : .networkOnly
        let stream = try client.subscribe(subscription: subscription, cachePolicy: behavior)
        return AsyncThrowingStream { continuation in
          let task = Task {
            do {
              for try await response in stream { continuation.yield(ParityDelivery(response)) }
              continuation.finish()
            } catch {
              continuation.finish(throwing: error)
            }
          }
          continuation.onTermination = { _ in task.cancel() }
        }
      })
  }

  private static func singleDelivery<Operation: GraphQLOperation>(
    _ body: @escaping @Sendable () async throws -> V2GraphQLResponse<Operation>
  ) -> AsyncThrowingStream<ParityDelivery, any Error> {
    AsyncThrowingStream { continuation in
      let task = Task {
        do {
          continuation.yield(ParityDelivery(try await body()))
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

extension ParityCachePolicy {
  var v0: V0CachePolicy {
    switch self {
    case .cacheFirst: return .returnCacheDataElseFetch
    case .networkOnly: return .fetchIgnoringCacheData
    case .networkOnlyWithoutStore: return .fetchIgnoringCacheCompletely
    case .cacheOnly: return .returnCacheDataDontFetch
    case .cacheAndNetwork: return .returnCacheDataAndFetch
    }
  }

  var v1: V1CachePolicy {
    switch self {
    case .cacheFirst: return .returnCacheDataElseFetch
    case .networkOnly: return .fetchIgnoringCacheData
    case .networkOnlyWithoutStore: return .fetchIgnoringCacheCompletely
    case .cacheOnly: return .returnCacheDataDontFetch
    case .cacheAndNetwork: return .returnCacheDataAndFetch
    }
  }

  var v2: (FetchBehavior, RequestConfiguration) {
    switch self {
    case .cacheFirst: return (.CacheFirst, RequestConfiguration())
    case .networkOnly: return (.NetworkOnly, RequestConfiguration())
    case .networkOnlyWithoutStore: return (.NetworkOnly, RequestConfiguration(writeResultsToCache: false))
    case .cacheOnly: return (.CacheOnly, RequestConfiguration())
    case .cacheAndNetwork: return (.CacheAndNetwork, RequestConfiguration())
    }
  }
}

extension AsyncThrowingStream where Element: Sendable, Failure == any Error {
  /// Each element as a delivery; the stream's error (if any) ends it as the last delivery.
  func parityDeliveries<Operation: GraphQLOperation>() -> AsyncThrowingStream<ParityDelivery, any Error>
  where Element == V2GraphQLResponse<Operation> {
    let upstream = self
    return AsyncThrowingStream<ParityDelivery, any Error> { continuation in
      let task = Task {
        do {
          for try await response in upstream { continuation.yield(ParityDelivery(response)) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
