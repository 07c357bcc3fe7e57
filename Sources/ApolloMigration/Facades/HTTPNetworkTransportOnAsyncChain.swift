import ApolloAsyncChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x `HTTPNetworkTransport` call surface, sending through the 2.x request chain.
///
/// Give it to a 0.x `ApolloClient(networkTransport:store:)` and every call site stays as it is: `fetch`
/// with the five 0.x cache policies, `perform`, `upload`, results and errors as 0.x delivers them. The
/// 0.x client keeps doing its own cache reads and writes; the 2.x chain underneath is `NetworkOnly`,
/// writes nothing and never reads a store. The app's delegate object runs through
/// ``DelegateTransportInterceptorProvider`` (see `DelegateTransportOnAsyncChain` for the hook → stage
/// table): on the chain's task, not on a callback queue. That task starts on the thread that called `send`
/// where the runtime has `Task.immediate` (Swift 6.2 runtimes: Linux, Apple systems from the 26 releases), so
/// there the preflight delegates run on the sender's thread before `send` returns, as in 0.x, and with a
/// session that answers without waiting (a test double) so does everything up to the completion's hop to
/// `callbackQueue`; after the first wait (a real network read) the hooks run on the global executor.
///
/// The completion handler runs exactly once, on `callbackQueue`, with a 0.x `GraphQLResponse` built from
/// the response object (`init(operation:body:)`).
///
/// Cancelling the returned `Cancellable` cancels the 2.x work and completes at once with
/// `URLSessionClient.URLSessionClientError.networkError(data: Data(), response: nil,
/// underlying: URLError(.cancelled))`, the error 0.x delivered for a cancelled task. The task-completed
/// delegate hears of a request that had gone out, with `URLError(.cancelled)`, as of 0.x's cancelled task;
/// unlike 0.x the retry delegate is not asked about it (a cancelled chain cannot retry), and a request
/// cancelled before it went out asks no delegate. Retries started by a delegate are cancelled by it too
/// (0.x could not cancel them).
///
/// On the wire it sends what 0.33's transport sends (same method table, headers and body members,
/// compared in `HTTPNetworkTransportOnAsyncChainTests`), with these differences:
/// - `shouldSend == false` and request-building errors complete asynchronously, on `callbackQueue`, and
///   `send` returns a cancellable object, not `EmptyCancellable` (0.x completed before `send` returned);
/// - the cancellable `send` returns is never the `URLSessionTask` (0.33 returned the task itself): code that casts it
///   to `URLSessionTask` for its `progress` or `taskIdentifier` gets `nil` (the 2.x session owns its tasks);
/// - an operation without an identifier under `sendOperationIdentifiers` is sent without `id` (the
///   native transport fails it with `RequestBodyError.missingOperationIdentifier`);
/// - the persisted-query retry follows 2.x's `AutomaticPersistedQueryInterceptor` (once, then
///   `persistedQueryRetryFailed`), as this package's native 0.x transport also retries once;
/// - a GraphQL-error delegate is not asked about a `PersistedQueryNotFound` answer to a hash-only request;
/// - upload files are read by 2.x's `UploadRequest` (the form layout is the same; the boundary is random
///   in both).
public final class HTTPNetworkTransportOnAsyncChain: ApolloDelegateTransport.UploadingNetworkTransport, @unchecked Sendable {
  // @unchecked Sendable: configuration is immutable; `clientName` and `clientVersion` live in `names`
  // (a Mutex); the delegate lives in `binding`, under its NSLock.

  /// The GraphQL endpoint.
  public let url: URL
  /// Add `id` (the persisted-query identifier) to request bodies; the document is still sent unless
  /// automatic persisted queries leave it out (as 0.x).
  public let sendOperationIdentifiers: Bool
  /// Send queries as GET.
  public let useGETForQueries: Bool
  /// Send the hash without the document first, and the document after `PersistedQueryNotFound`.
  public let enableAutoPersistedQueries: Bool
  /// Send persisted queries, and their retries, as GET.
  public let useGETForPersistedQueryRetry: Bool
  /// The 2.x session requests go through (a `URLSession`, `URLSessionStreamingSession`, `ScriptedServer`).
  public let session: any ApolloURLSession
  /// Where completion handlers run.
  public let callbackQueue: DispatchQueue
  /// Retries a delegate may ask for per send; `nil` (the default) for no bound, as 0.x.
  public let maxRetries: Int?
  /// The `HTTPNetworkTransport` the delegate methods receive as their first argument: a stand-in for
  /// this endpoint and configuration that never sends anything.
  public let delegateTransport: HTTPNetworkTransport

  private let binding: DelegateTransportBinding
  private let names = Mutex<(name: String?, version: String?)>((nil, nil))
  /// The store the 2.x chain requires; `NetworkOnly` without cache writes never touches it.
  private let unusedStore = ApolloStore()

  /// The delegate, held weakly as 0.x's: keep it alive. Any subset of the four 0.x delegate protocols.
  public var delegate: (any HTTPNetworkTransportDelegate)? {
    get { binding.delegate }
    set {
      binding.delegate = newValue
      delegateTransport.delegate = newValue
    }
  }

  /// Sent as `apollographql-client-name`; the 0.x default until set.
  public var clientName: String {
    get { names.withLock { $0.name } ?? ClientAwareness.defaultClientName }
    set {
      names.withLock { $0.name = newValue }
      delegateTransport.clientName = newValue
    }
  }

  /// Sent as `apollographql-client-version`; the 0.x default until set.
  public var clientVersion: String {
    get { names.withLock { $0.version } ?? ClientAwareness.defaultClientVersion }
    set {
      names.withLock { $0.version = newValue }
      delegateTransport.clientVersion = newValue
    }
  }

  /// Configured as 0.x's `HTTPNetworkTransport(url:client:sendOperationIdentifiers:useGETForQueries:
  /// enableAutoPersistedQueries:useGETForPersistedQueryRetry:)`, with a 2.x session in place of the
  /// `URLSessionClient`.
  ///
  /// - Parameters:
  ///   - callbackQueue: where completions run; `.main` as 0.x's default client. On Linux the main queue
  ///     runs only while something drives it, so pass your own there.
  ///   - maxRetries: the bound on retries, delegate-driven ones and persisted-query retries alike; `nil` for
  ///     none (0.x).
  public init(url: URL, session: any ApolloURLSession, sendOperationIdentifiers: Bool = false,
              useGETForQueries: Bool = false, enableAutoPersistedQueries: Bool = false,
              useGETForPersistedQueryRetry: Bool = false, callbackQueue: DispatchQueue = .main, maxRetries: Int? = nil) {
    self.url = url
    self.session = session
    self.sendOperationIdentifiers = sendOperationIdentifiers
    self.useGETForQueries = useGETForQueries
    self.enableAutoPersistedQueries = enableAutoPersistedQueries
    self.useGETForPersistedQueryRetry = useGETForPersistedQueryRetry
    self.callbackQueue = callbackQueue
    self.maxRetries = maxRetries
    let standIn = HTTPNetworkTransport(
      url: url, sendOperationIdentifiers: sendOperationIdentifiers, useGETForQueries: useGETForQueries,
      enableAutoPersistedQueries: enableAutoPersistedQueries, useGETForPersistedQueryRetry: useGETForPersistedQueryRetry)
    self.delegateTransport = standIn
    self.binding = DelegateTransportBinding(delegate: nil, transport: standIn)
  }

  /// Sends `operation` through the 2.x chain; see the type's documentation for delivery and cancellation.
  public func send<Operation: GraphQLOperation>(
    operation: Operation,
    completionHandler: @escaping (_ result: Result<ApolloDelegateTransport.GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    let apq = AutoPersistedQueryConfiguration(
      autoPersistQueries: enableAutoPersistedQueries, useGETForPersistedQueryRetry: useGETForPersistedQueryRetry)
    // 0.x's first attempt uses GET also when APQ and GET-for-retry are both on (MIGRATION.md §5.5, quirk Q6).
    var request = ApolloAsyncChain.JSONRequest(
      operation: operation, graphQLEndpoint: url, fetchBehavior: .NetworkOnly, writeResultsToCache: false,
      requestTimeout: nil, apqConfig: apq,
      useGETForQueries: useGETForQueries || (enableAutoPersistedQueries && useGETForPersistedQueryRetry),
      requestBodyCreator: LegacyRequestBodyCreator(sendOperationIdentifiers: sendOperationIdentifiers))
    request.urlCachePolicy = .useProtocolCachePolicy  // 0.x's, set once rather than undone by the facade stage
    // Replaces 2.x's Accept header: 0.x sent none.
    request.additionalHeaders = LegacyHeaders.headers(for: operation, clientName: clientName, clientVersion: clientVersion)
      .merging(["Content-Type": "application/json"]) { current, _ in current }
    return start(request, operation: operation, completion: completionHandler)
  }

  /// Sends `operation` with `files` as a `multipart/form-data` POST; an empty `files` sends plain JSON.
  public func upload<Operation: GraphQLOperation>(
    operation: Operation, files: [GraphQLFile],
    completionHandler: @escaping (_ result: Result<ApolloDelegateTransport.GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    guard !files.isEmpty else { return send(operation: operation, completionHandler: completionHandler) }
    var request = ApolloAsyncChain.UploadRequest(
      operation: operation, graphQLEndpoint: url, files: files, writeResultsToCache: false,
      requestBodyCreator: LegacyRequestBodyCreator(sendOperationIdentifiers: sendOperationIdentifiers))
    request.addHeaders(LegacyHeaders.headers(for: operation, clientName: clientName, clientVersion: clientVersion))
    return start(request, operation: operation, completion: completionHandler)
  }

  private func start<Request: GraphQLRequest, Operation: GraphQLOperation>(
    _ request: Request, operation: Operation,
    completion: @escaping (Result<ApolloDelegateTransport.GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable where Request.Operation == Operation {
    let capture = BodyCapture()
    let provider = FacadeInterceptorProvider(
      delegates: DelegateTransportInterceptorProvider(
        binding: binding, maxRetries: maxRetries, streamsMultipart: false,
        facade: LegacyFacadeStage(adjustRequest: LegacyWire.adjust)),
      capture: capture)
    let chain = ApolloAsyncChain.RequestChain<Request>(
      urlSession: session, interceptors: provider.interceptors(for: operation), store: unusedStore)
    let delivery = DeliverOnce(queue: callbackQueue, completion)
    // The chain runs in this one task, which starts on the calling thread: the preflight delegates run before
    // `send` returns, as 0.x's did, and a session that answers at once is read before it returns too.
    let work = CallingThreadTask.start {
      do {
        try await chain.runInCurrentTask(request: request) { _ in true }
        guard let body = capture.last else { throw ApolloAsyncChain.ApolloClient.Error.noResults }
        delivery.deliver(.success(ApolloDelegateTransport.GraphQLResponse(operation: operation, body: body)))
      } catch is GraphQLFile.GraphQLFileError {
        // A file of an upload that cannot be read: 0.33 failed to build the form with its own error.
        delivery.deliver(.failure(ApolloDelegateTransport.GraphQLHTTPRequestError.serializedBodyMessageError))
      } catch let error as ApolloAsyncChain.GraphQLHTTPRequestError {
        // The GET URL could not be built: 0.33 threw its own error of the same name.
        delivery.deliver(.failure(error.inDelegateTransport))
      } catch {
        delivery.deliver(.failure(error))
      }
    }
    return FacadeTask(work: work, delivery: delivery)
  }
}

/// What `send` returns: cancels the 2.x work and completes with 0.x's cancellation error.
private final class FacadeTask<Value: Sendable>: Cancellable {
  private let work: Task<Void, Never>
  private let delivery: DeliverOnce<Value>

  init(work: Task<Void, Never>, delivery: DeliverOnce<Value>) {
    self.work = work
    self.delivery = delivery
  }

  func cancel() {
    delivery.deliver(.failure(URLSessionClient.URLSessionClientError.networkError(
      data: Data(), response: nil, underlying: URLError(.cancelled))))
    work.cancel()
  }
}

/// A 0.x completion handler called at most once, asynchronously on its queue.
private final class DeliverOnce<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `completion` (a non-Sendable 0.x closure) is taken out under `lock`, an NSLock,
  // exactly once, and then only called on `queue`.
  private let lock = NSLock()
  private var completion: ((Result<Value, any Error>) -> Void)?
  private let queue: DispatchQueue

  init(queue: DispatchQueue, _ completion: @escaping (Result<Value, any Error>) -> Void) {
    self.queue = queue
    self.completion = completion
  }

  func deliver(_ result: Result<Value, any Error>) {
    lock.lock()
    let taken = completion
    completion = nil
    lock.unlock()
    guard let taken else { return }
    let call = CallOnQueue(taken)
    queue.async { call.run(result) }
  }
}

/// Carries the taken completion onto the callback queue.
private struct CallOnQueue<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: created after `DeliverOnce` took the closure out under its lock; only the one
  // block on the callback queue ever calls it.
  let body: (Result<Value, any Error>) -> Void
  init(_ body: @escaping (Result<Value, any Error>) -> Void) { self.body = body }
  func run(_ result: Result<Value, any Error>) { body(result) }
}
