import ApolloCallbackChain
import ApolloCore
import ApolloTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Adds `Authorization: Bearer <token>` from a shared token store.
final class TokenInterceptor: V1Interceptor {
  let id = "token"
  let tokens: Recorder<String>
  init(tokens: Recorder<String>) { self.tokens = tokens }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    request.addHeader(name: "Authorization", value: "Bearer \(tokens.values.last ?? "none")")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Records the status and body it sees, then proceeds.
final class LoggingInterceptor: V1Interceptor {
  let id = "logging"
  let log: Recorder<(status: Int, body: String, parsed: Bool)>
  init(log: Recorder<(status: Int, body: String, parsed: Bool)>) { self.log = log }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    if let response {
      log.append((response.httpResponse.statusCode, String(decoding: response.rawData, as: UTF8.self),
                  response.parsedResponse != nil))
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// On a 401 gets a new token and retries.
final class ReauthenticatingInterceptor: V1Interceptor {
  let id = "reauth"
  let tokens: Recorder<String>
  init(tokens: Recorder<String>) { self.tokens = tokens }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    if response?.httpResponse.statusCode == 401 {
      tokens.append("fresh")
      chain.retry(request: request, completion: completion)
      return
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Sets the request's cache policy, then proceeds.
final class PolicyInterceptor: V1Interceptor {
  let id = "policy"
  let policy: ApolloCallbackChain.CachePolicy
  init(_ policy: ApolloCallbackChain.CachePolicy) { self.policy = policy }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    request.cachePolicy = policy
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

struct TraceContext: ApolloCallbackChain.RequestContext { let traceID: String }

/// Copies the context's trace id into a header.
final class ContextInterceptor: V1Interceptor {
  let id = "context"
  let seen: Recorder<String>
  init(seen: Recorder<String>) { self.seen = seen }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    seen.append((request.context as? TraceContext)?.traceID ?? "none")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Fails pre-flight through the chain's error path.
final class FailingInterceptor: V1Interceptor {
  let id = "failing"
  struct Failure: Error {}
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    chain.handleErrorAsync(Failure(), request: request, response: response, completion: completion)
  }
}

/// Recovers every error with a fixed result.
struct RecoveringErrorInterceptor: ApolloCallbackChain.ApolloErrorInterceptor {
  let seen: Recorder<String>
  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    seen.append(String(describing: type(of: error)))
    completion(.success(V1Result(data: nil, extensions: ["recovered": true], errors: nil, source: .server, dependentKeys: nil)))
  }
}

/// Retries every request without looking (exhausts MaxRetry).
final class BlindRetryInterceptor: V1Interceptor {
  let id = "blind"
  let count: Recorder<Int>
  init(count: Recorder<Int>) { self.count = count }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    count.append(1)
    chain.retry(request: request, completion: completion)
  }
}

/// Misbehaviours.
final class SilentInterceptor: V1Interceptor {
  let id = "silent"
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {}
}

final class ProceedTwiceInterceptor: V1Interceptor {
  let id = "twice"
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

final class CancelThenProceedInterceptor: V1Interceptor {
  let id = "cancel-then-proceed"
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    chain.cancel()
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Records the head and body size of the response it is given ("status trace bytes"), then proceeds.
final class HeadRecordingInterceptor: V1Interceptor {
  let id = "head"
  let seen: Recorder<String>
  init(seen: Recorder<String>) { self.seen = seen }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    seen.append(describeHead(response))
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Records the head and body size of the response an error came with, then passes the error on.
struct HeadRecordingErrorInterceptor: ApolloCallbackChain.ApolloErrorInterceptor {
  let seen: Recorder<String>
  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    seen.append(describeHead(response))
    completion(.failure(error))
  }
}

private func describeHead<Operation: GraphQLOperation>(_ response: V1Response<Operation>?) -> String {
  guard let response else { return "no response" }
  let trace = response.httpResponse.value(forHTTPHeaderField: "X-Trace") ?? "-"
  return "\(response.httpResponse.statusCode) \(trace) \(response.rawData.count) bytes"
}

/// Goes onward, then cancels the chain in the same callback.
final class ProceedThenCancelInterceptor: V1Interceptor {
  let id = "proceed-then-cancel"
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
    chain.cancel()
  }
}

/// Proceeds on its first call; on later calls it first releases `gate` and waits for `queue` with `sync`.
final class QueueSyncingInterceptor: V1Interceptor, @unchecked Sendable {
  // @unchecked Sendable: `calls` is a Mutex; `queue` and `gate` are thread-safe.
  let id = "queue-syncing"
  private let queue: DispatchQueue
  private let gate: DispatchSemaphore
  private let calls = Mutex(0)
  init(queue: DispatchQueue, gate: DispatchSemaphore) {
    self.queue = queue
    self.gate = gate
  }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    let call = calls.withLock { calls in
      calls += 1
      return calls
    }
    if call > 1 {
      gate.signal()
      queue.sync {}
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Waits a second before calling onward, and records `cancel()` calls (an interceptor with work of its own).
final class SlowCancellableInterceptor: V1Interceptor, ApolloCore.Cancellable, @unchecked Sendable {
  // @unchecked Sendable: `started` is a semaphore and `cancels` a Recorder, both thread-safe; `id` is constant.
  let id = "slow-cancellable"
  let started = DispatchSemaphore(value: 0)
  let cancels = Recorder<Bool>()
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    started.signal()
    let onward = OnwardCall { chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 1) { onward.run() }
  }
  func cancel() { cancels.append(true) }
}

/// Calls onward at once and records `cancel()` calls (an interceptor that keeps work of its own going while the
/// response streams).
final class CancelRecordingInterceptor: V1Interceptor, ApolloCore.Cancellable, @unchecked Sendable {
  // @unchecked Sendable: `cancels` is a Recorder (thread-safe); `id` is constant.
  let id = "cancel-recording"
  let cancels = Recorder<Bool>()
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
  func cancel() { cancels.append(true) }
}

/// Records the cache policy of the request it sees, then proceeds.
final class PolicyRecordingInterceptor: V1Interceptor {
  let id = "policy-recording"
  let policies: Recorder<String>
  init(policies: Recorder<String>) { self.policies = policies }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    policies.append("\(request.cachePolicy)")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Makes the request's `URLRequest` (as a cURL logger does), then proceeds.
final class URLRequestMakingInterceptor: V1Interceptor {
  let id = "url-request-making"
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    _ = try? request.toURLRequest()
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Carries a 1.x onward call to another queue (1.x code is not Sendable; the call runs once).
struct OnwardCall: @unchecked Sendable {
  // @unchecked Sendable: the closure is called exactly once, from the one block it is handed to.
  let run: () -> Void
}

/// On its first pass (context "first") retries with a new request whose context is "second", as 1.x code that changes
/// a request's `let` members does; records the context of each pass.
final class ContextRetryingInterceptor: V1Interceptor {
  let id = "context-retry"
  let seen: Recorder<String>
  init(seen: Recorder<String>) { self.seen = seen }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    let trace = (request.context as? TraceContext)?.traceID ?? "none"
    seen.append(trace)
    guard trace == "first", seen.count < 3 else {
      return chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
    }
    let next = ApolloCallbackChain.JSONRequest(
      operation: request.operation, graphQLEndpoint: request.graphQLEndpoint, contextIdentifier: request.contextIdentifier,
      clientName: "test-app", clientVersion: "1.0", additionalHeaders: request.additionalHeaders,
      cachePolicy: request.cachePolicy, context: TraceContext(traceID: "second"))
    next.addHeader(name: "X-Pass", value: "second")
    chain.retry(request: next, completion: completion)
  }
}

/// On its first call, says so and then waits for `queue` (as a 1.x interceptor that reads a token on the main queue
/// with `sync` does); later calls go straight on. One instance serves every send, as a provider's stored one does.
final class BlockingOnceInterceptor: V1Interceptor, @unchecked Sendable {
  // @unchecked Sendable: `first` is a Mutex; `queue` and `entered` are thread-safe.
  let id = "blocking-once"
  let entered = DispatchSemaphore(value: 0)
  private let queue: DispatchQueue
  private let first = Mutex(true)
  init(queue: DispatchQueue) { self.queue = queue }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    let isFirst = first.withLock { first in defer { first = false }; return first }
    if isFirst {
      entered.signal()
      queue.sync {}
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}
