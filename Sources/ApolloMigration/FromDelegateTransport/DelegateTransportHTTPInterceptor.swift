@_spi(ApolloMigration) import ApolloAsyncChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs a 0.x delegate object's HTTP-level hooks as a 2.x `HTTPInterceptor`, at the moments and with
/// the arguments 0.33's `HTTPNetworkTransport` used.
///
/// - Preflight: `shouldSend` sees the fully built `URLRequest`; `false` throws
///   `GraphQLHTTPRequestError.cancelledByDelegate` (0.x's) and nothing goes on the wire. `willSend` may
///   change anything (headers, URL, body, timeout); the changed request is sent and is what the later
///   hooks receive.
/// - Task completed: after the whole body arrived (the chunks are collected), with that body (`Data()`
///   when nothing arrived), the response and `nil`; or, for a transport failure, `Data()`, `nil` and the
///   session's error. Before any status check or parsing.
/// - Retry delegate: a status outside 200–299 (`GraphQLHTTPResponseError(.errorResponse)`), a 2xx body
///   that is not JSON (the parser's error) or not an object (`.invalidResponse`), or a transport failure
///   (`URLSessionClient.URLSessionClientError.networkError(data: Data(), response: nil, underlying:)`,
///   with `response: nil`). `.retry` throws ``DelegateTransportRetryRequested``, which
///   ``DelegateTransportRetryInterceptor`` turns into a 2.x retry; `.fail(error)` throws `error`. With no
///   retry delegate, the 0.x error is thrown.
/// - GraphQL-error delegate: a non-empty `errors` array in a 2xx JSON object; `true` throws
///   ``DelegateTransportRetryRequested``, `false` lets the response through, errors included.
///
/// Every hook runs on the chain's task (the task `RequestChain.kickoff` starts, so the caller's
/// task-local values are visible), with no hop to any queue. A `continueHandler` or `retryHandler` may
/// be called later and from any thread; the chain waits for it. Cancellation of the chain's task is
/// rethrown as it is, without consulting the delegates (a cancelled chain cannot run a retry).
///
/// The body is handed on as one chunk (via the migration SPI of `HTTPResponse`), so the 2.x parser reads
/// the same bytes the delegates saw. A successful `multipart/mixed` response (`@defer`, subscriptions,
/// unknown to 0.x) skips the JSON checks and streams: the task-completed delegate sees each part as it
/// arrives, and the caller gets each part's result without waiting for the body to end.
public struct DelegateTransportHTTPInterceptor: HTTPInterceptor {
  let binding: DelegateTransportBinding
  /// False for the 0.x facade: a multipart body is read as JSON and fails, as 0.x read it.
  let streamsMultipart: Bool
  /// The 0.x facade's additions; `nil` outside the facade.
  let facade: LegacyFacadeStage?

  /// - Parameters:
  ///   - delegate: the app's 0.x delegate object, held weakly (as `HTTPNetworkTransport.delegate`): keep
  ///     it alive. It may adopt any subset of the four delegate protocols.
  ///   - transport: passed as the first argument of every delegate method. Pass the app's existing
  ///     `HTTPNetworkTransport` (delegates that compare it keep working), or a stand-in created for the
  ///     endpoint; it is never used to send anything.
  public init(delegate: any HTTPNetworkTransportDelegate, transport: HTTPNetworkTransport) {
    self.init(binding: DelegateTransportBinding(delegate: delegate, transport: transport))
  }

  init(binding: DelegateTransportBinding, streamsMultipart: Bool = true, facade: LegacyFacadeStage? = nil) {
    self.binding = binding
    self.streamsMultipart = streamsMultipart
    self.facade = facade
  }

  /// Preflight, send, task completed, then the retry or GraphQL-error delegate as 0.x did.
  public func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> HTTPResponse {
    // A request cancelled before it went out asks no delegate: 0.x's cancel came after `send` had run them.
    try Task.checkCancellation()
    let transport = binding.transport
    var request = request
    facade?.adjustRequest(&request)
    if let preflight = binding.delegate as? any HTTPNetworkTransportPreflightDelegate {
      guard preflight.networkTransport(transport, shouldSend: request) else {
        throw ApolloDelegateTransport.GraphQLHTTPRequestError.cancelledByDelegate
      }
      preflight.networkTransport(transport, willSend: &request)
    }
    let sent = request

    var head: HTTPURLResponse?
    // Worked out once per response: each time is a header lookup and a string search.
    var multipart = false
    var chunks: [Data] = []
    do {
      let response = try await next(sent)
      head = response.response
      multipart = LegacyResponseCheck.isMultipart(response.response)
      // 0.x never read multipart bodies: a successful one streams on part by part, as on 2.x, each
      // part reported to the task-completed delegate as it arrives.
      if streamsMultipart, multipart,
         (200..<300).contains(response.response.statusCode) {
        let binding = self.binding
        return await response.mapChunks { head, chunk in
          Self.taskCompleted(binding, sent, data: chunk, response: head, error: nil)
          return chunk
        }
      }
      // Read in place: the chain's body is pulled, and reading it through a stream would make one per request.
      try await response.takeChunks().forEachElement { chunk in
        chunks.append(chunk)
        return true
      }
    } catch {
      // 0.x: the raw task saw what had arrived (the response and the body so far).
      let arrived = chunks.reduce(into: Data()) { $0.append($1) }
      if error is CancellationError || Task.isCancelled {
        // 0.x cancelled the URLSessionTask, which completed with NSURLErrorCancelled: the task-completed delegate
        // heard of it (a network-activity count it keeps stays balanced). The retry delegate is not asked: a
        // cancelled chain cannot retry.
        taskCompleted(sent, data: arrived, response: head, error: URLError(.cancelled))
        throw error
      }
      let failure: any Error
      switch SessionFailure(error) {
      case .nonHTTPResponse:
        failure = URLSessionClient.URLSessionClientError.noHTTPResponse(request: sent)
      case .transfer:
        // The streaming session's own failures (invalidated, a response that is not HTTP) too: 0.x's client sent
        // every failure of the transfer down the retry path.
        failure = error
      case .other:
        // Thrown by an HTTP interceptor inside this one, not by the network: 0.x's delegates never saw such an
        // error (its build and preflight failures did not reach them), so it goes on unchanged.
        throw error
      }
      // With the session's error; the retry delegate sees the client's wrapper and no response, even when one had
      // arrived.
      taskCompleted(sent, data: arrived, response: head, error: failure)
      let wrapped = failure is URLSessionClient.URLSessionClientError
        ? failure : URLSessionClient.URLSessionClientError.networkError(data: arrived, response: head, underlying: failure)
      try await retryPath(wrapped, request: sent, response: nil)
    }
    guard let head else {
      throw URLSessionClient.URLSessionClientError.noHTTPResponse(request: sent)
    }
    let data = multipart
      ? LegacyResponseCheck.multipartBody(parts: chunks, response: head)
      : chunks.count == 1 ? chunks[0] : chunks.reduce(into: Data()) { $0.append($1) }
    taskCompleted(sent, data: data, response: head, error: nil)

    switch LegacyResponseCheck.check(data: data, response: head) {
    case .retryPath(let error):
      try await retryPath(error, request: sent, response: head)
    case .body(let body):
      if let errors = LegacyResponseCheck.errorsForDelegate(in: body, sentRequest: sent),
         let delegate = binding.delegate as? any HTTPNetworkTransportGraphQLErrorDelegate {
        let retry = try await DelegateDecision.await { (answer: @escaping @Sendable (Bool) -> Void) in
          delegate.networkTransport(transport, receivedGraphQLErrors: errors, retryHandler: answer)
        }
        if retry { throw DelegateTransportRetryRequested(request: sent) }
      }
      // The parser reads the object these checks parsed, not the bytes again.
      return HTTPResponse(response: head, body: data, parsed: body)
    }
  }

  private func taskCompleted(_ request: URLRequest, data: Data, response: URLResponse?, error: (any Error)?) {
    Self.taskCompleted(binding, request, data: data, response: response, error: error)
  }

  private static func taskCompleted(_ binding: DelegateTransportBinding, _ request: URLRequest, data: Data,
                                    response: URLResponse?, error: (any Error)?) {
    guard let delegate = binding.delegate as? any HTTPNetworkTransportTaskCompletedDelegate else { return }
    delegate.networkTransport(binding.transport, didCompleteRawTaskForRequest: request, withData: data,
                              response: response, error: error)
  }

  /// Asks the retry delegate; never returns normally.
  private func retryPath(_ error: any Error, request: URLRequest, response: URLResponse?) async throws -> Never {
    guard let delegate = binding.delegate as? any HTTPNetworkTransportRetryDelegate else { throw error }
    let transport = binding.transport
    let action = try await DelegateDecision.await { (answer: @escaping @Sendable (HTTPNetworkTransport.ContinueAction) -> Void) in
      delegate.networkTransport(transport, receivedError: error, for: request, response: response, continueHandler: answer)
    }
    switch action {
    case .retry: throw DelegateTransportRetryRequested(request: request)
    case .fail(let failure): throw failure
    }
  }
}

/// What the 0.x facade adds to the HTTP stage. The wire fix runs here, on the request the delegates
/// then change, rather than in an interceptor of its own: each interceptor that changes a `URLRequest`
/// copies it, and this way the facade's request is copied once instead of twice.
struct LegacyFacadeStage: Sendable {
  /// Makes the 2.x request look like 0.x's, before any delegate sees it.
  let adjustRequest: @Sendable (inout URLRequest) -> Void
}
