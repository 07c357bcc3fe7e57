@_spi(ApolloMigration) import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 1.x interceptors between `NetworkFetchInterceptor` and the parser, as one 2.x `HTTPInterceptor`.
///
/// | 1.x hook | 2.x stage | when it runs |
/// |---|---|---|
/// | `ResponseCodeInterceptor` | 2.x `ResponseCodeInterceptor` at the same position | per body chunk; an error status's body (even empty) as one chunk, so it fails as 1.x |
/// | custom interceptor after the fetch | `interceptAsync` with an `HTTPResponse` whose `rawData` is the chunk and `parsedResponse` nil | per body chunk (once for a plain response, once per part for multipart; once, with empty `rawData`, for an empty body) |
///
/// The hooks run in their 1.x order. A hook's verbs: `proceedAsync` passes its response's `rawData`
/// on to the parser (so a hook may rewrite the body), and the completion passed with it gets the results
/// (``CallbackCompletionStageOnAsyncChain`` hands them back); `retry` throws `RequestChain.Retry` (the 401 →
/// re-authenticate pattern); `handleErrorAsync` goes through the error interceptor, and a recovered
/// value (like `returnValueAsync`) is handed to the parser as its response JSON; a hook that never
/// calls onward ends the request with ``CallbackInterceptorError/neverCalledOnward(interceptor:timeout:)``.
///
/// Difference: for a multipart response a 1.x hook here saw the raw multipart text once per network
/// callback; adapted, it sees each part, already cut (with its part headers). An interceptor after the parser sees the
/// latest part this stage handed on as `rawData` (with its headers, and a later part than its result's when parts
/// arrive faster than the interceptor runs), where 1.x's multipart parser handed on the result's own part, its JSON
/// body alone (for a subscription, the `payload` object).
///
/// When the send has a 1.x error interceptor or an interceptor after the parser, the stage also keeps the
/// response's head and its latest body chunk (``CallbackSend/lastHTTP``): the error interceptor gets them as
/// `response`, and an interceptor after the parser sees them beside `parsedResponse`, as in 1.x.
///
/// Innermost, where 1.x's `URLSessionClient` sat, the session's response is handed on as that client handed it:
/// failures as the errors it reported (`URLSessionClientError.networkError`), an empty body once (see
/// `CallbackURLSessionClientView`).
///
/// The hooks are the send's (found through the task-local ``CallbackSend``), so they are the instances
/// the 1.x provider returned for this send.
struct CallbackHTTPStageOnAsyncChain: HTTPInterceptor {
  func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> ApolloAsyncChain.HTTPResponse {
    guard let send = CallbackSend.current else { return try await next(request) }
    return try await withoutActuallyEscaping(next) { next in
      try await Self.run(send.plan.httpSteps, send: send, request: request, next: next)
    }
  }

  private static func run(
    _ steps: [CallbackPlan.HTTPStep], send: CallbackSend, request: URLRequest,
    next: @escaping @Sendable (URLRequest) async throws -> V2HTTPResponse
  ) async throws -> V2HTTPResponse {
    // Innermost, where 1.x's client sat: the session's response as that client handed it on.
    var chain: @Sendable (URLRequest) async throws -> V2HTTPResponse = { urlRequest in
      try await CallbackURLSessionClientView.sending(urlRequest, through: next)
    }
    if send.plan.readsLastHTTP {
      // Innermost, so the head is known even when a step after it fails the response (an error status).
      chain = { urlRequest in
        let response = try await CallbackURLSessionClientView.sending(urlRequest, through: next)
        let head = response.response
        send.lock.withLock { send.lastHTTP = (head, Data()) }
        return await response.mapChunks { _, chunk in
          send.lock.withLock { send.lastHTTP = (head, chunk) }
          return chunk
        }
      }
    }
    // Wrapping in 1.x order makes the first 1.x hook the innermost 2.x one, so it sees each chunk first.
    for (position, step) in steps.enumerated() {
      let downstream = chain
      switch step {
      case .responseCode:
        chain = { urlRequest in
          let response = try await errorBodyAsOneChunk(downstream(urlRequest))
          // 2.x's own check: it returns a 2xx response as it is, and fails any other status.
          let handOff = ResponseHandOff(response)
          return try await ApolloAsyncChain.ResponseCodeInterceptor().intercept(request: urlRequest) { _ in
            try handOff.take()
          }
        }
      case .hook(let hook, let name):
        chain = { urlRequest in
          try await runHook(hook, name: name, position: position, send: send, on: downstream(urlRequest))
        }
      }
    }
    return try await chain(request)
  }

  /// `response` with each body chunk passed through one 1.x hook, in a task that reads the body as the
  /// parser asks for it. An empty body is passed through once too, as empty `rawData`: 1.x called the
  /// interceptors after the fetch with whatever data came, and a 401 without a body is exactly where a
  /// re-authenticating one acts. What it hands on for an empty body reaches the parser only if not empty.
  private static func runHook(
    _ hook: CallbackConfined<any ApolloInterceptor>, name: String, position: Int, send: CallbackSend,
    on response: consuming V2HTTPResponse
  ) -> V2HTTPResponse {
    let head = response.response
    let upstream = response.takeChunks().getStream()
    let pass: @Sendable (Data) async throws -> Data = { chunk in
      guard let run = send.lock.withLock({ send.httpHook }) else { return chunk }
      return try await run(send, hook, name, position, head, chunk)
    }
    let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    let task = Task {
      do {
        var sawChunk = false
        for try await chunk in upstream {
          try Task.checkCancellation()
          sawChunk = true
          continuation.yield(try await pass(chunk))
        }
        if !sawChunk {
          let handedOn = try await pass(Data())
          if !handedOn.isEmpty { continuation.yield(handedOn) }
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return V2HTTPResponse(response: head, chunks: NonCopyableAsyncThrowingStream(stream: stream))
  }

  /// A response with an error status, its body collected into one chunk, empty when the body was.
  ///
  /// 1.x's `ResponseCodeInterceptor` fails on the status with the whole body, even an empty one; 2.x's
  /// checks each chunk, so an empty error body would slip through to `noResults`. Successful responses
  /// pass untouched and keep streaming.
  private static func errorBodyAsOneChunk(_ response: consuming V2HTTPResponse) async throws -> V2HTTPResponse {
    let head = response.response
    guard !(200..<300).contains(head.statusCode) else { return response }
    var body = Data()
    try await response.takeChunks().forEachElement { chunk in
      body.append(chunk)
      return true
    }
    let collected = body
    return V2HTTPResponse(response: head, chunks: NonCopyableAsyncThrowingStream(
      settled: SettledElements(elements: [collected], failure: nil)))
  }

  /// Runs one hook on one chunk and returns the chunk the parser gets. When the hook goes onward, the
  /// completion it passed on is recorded for ``CallbackCompletionStageOnAsyncChain``, which hands the results
  /// back through it.
  static func run<Request: GraphQLRequest>(
    _ hook: CallbackConfined<any ApolloInterceptor>, name: String, position: Int, response: HTTPURLResponse,
    chunk: Data, send: CallbackSend, request: Request.Type
  ) async throws -> Data {
    typealias Operation = Request.Operation
    // What the hook answers instead of going onward; once it went onward, its completion's values follow the route.
    let answered = Mutex<Result<Data, any Error>?>(nil)
    let route = PassedCompletionRoute<Operation>()
    let bridge = CallbackChainBridge(send: send, name: name, onFailure: { error in
      if !route.fail(error) { answered.withLock { $0 = .failure(error) } }
    })
    let sink = bridge.sink(for: Operation.self) { result, records in
      if !route.deliver(result, records: records) {
        answered.withLock { $0 = .success(ResultConversion.responseBody(result)) }
      }
    }
    let started = send.lock.withLock { () -> Bool in
      send.lastHTTP = (response, chunk)
      guard let mirror = send.typedMirror(Operation.self) else { return false }
      let v1Response = V1HTTPResponse<Operation>(response: response, rawData: chunk, parsedResponse: nil)
      hook.withValue { $0.interceptAsync(chain: bridge, request: mirror, response: v1Response, completion: sink) }
      return true
    }
    guard started else {
      throw CallbackInterceptorError.operationTypeMismatch(interceptor: name, expected: Operation.operationName)
    }
    bridge.interceptReturned()
    let decided = await bridge.decision()
    let outcome = decided.withValue { decision -> Result<Data?, any Error> in
      switch decision {
      case .proceed(let object, let passed, let completion):
        send.adopt(object)
        if let completion = completion as? PassedCompletion<Operation> {
          send.recordPassedCompletionTurn(PassedCompletionTurn(completion: completion, bridge: bridge, route: route), at: position)
        }
        return .success((passed as? V1HTTPResponse<Operation>)?.rawData ?? chunk)
      case .retry(let object, let completion):
        return .failure(send.retryError(for: object, origin: RetryOrigin(bridge: bridge, completion: completion)))
      case .finished:
        return .success(nil)
      case .failed(let error):
        return .failure(error is CancellationError ? error : CallbackHandledError(underlying: error))
      }
    }
    if let data = try outcome.get() { return data }
    switch answered.withLock({ $0 }) {
    case .success(let data)?: return data
    case .failure(let error)?: throw error
    case nil: return chunk
    }
  }
}

/// Hands an already received response to an interceptor's `next`, which calls it once.
private final class ResponseHandOff: @unchecked Sendable {
  // @unchecked Sendable: `response` is taken once, by the one `next` call, inside `lock`.
  private let lock = NSLock()
  private var response: V2HTTPResponse?

  init(_ response: consuming V2HTTPResponse) {
    self.response = .some(response)
  }

  func take() throws -> V2HTTPResponse {
    lock.lock()
    defer { lock.unlock() }
    // `next` is called once; were it called again, it would fail here rather than crash.
    guard let response = response.take() else { throw CancellationError() }
    return response
  }
}
