import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends GraphQL operations over HTTP and lets one delegate object take part in every request (0.x).
///
/// For each request, in order: the request is fully built (method, body, headers); the preflight
/// delegate's `shouldSend` sees it, then `willSend` may change it; the data task runs; the
/// task-completed delegate sees the raw outcome of the attempt; a status outside 200–299, a network
/// error or an unparsable body goes to the retry delegate (`.retry` starts over from the first step);
/// GraphQL errors in a 2xx body go to the GraphQL-error delegate; then the completion handler runs,
/// once. Everything after the task was created runs on the client's callback queue.
///
/// Differences from 0.33 are listed in MIGRATION.md ("0.x delegate transport"); the main ones: GET
/// requests keep the client-awareness headers, an in-flight request keeps its transport alive so its
/// completion always fires, a missing persisted-query identifier is an error instead of a crash, and
/// the persisted-query "not found" retry happens at most once per attempt.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.RequestChainNetworkTransport; until then ApolloMigration.HTTPNetworkTransportOnAsyncChain runs these call sites on the 2.x engine")
#endif
public class HTTPNetworkTransport: @unchecked Sendable {
  // @unchecked Sendable: the configuration is immutable; `delegate`, `clientName` and `clientVersion`
  // live in `state`, read and written only under its lock.

  /// What the retry delegate wants done after an error.
  public enum ContinueAction: Sendable {
    /// Send the request again from scratch.
    case retry
    /// Complete the request with this error.
    case fail(_ error: any Error)
  }

  let url: URL
  let client: URLSessionClient
  let useGETForQueries: Bool
  let enableAutoPersistedQueries: Bool
  let useGETForPersistedQueryRetry: Bool
  let serializationFormat = JSONSerializationFormat.self
  private let sendOperationIdentifiers: Bool
  private let requestCreator: any RequestCreator
  private let state = Mutex(State())

  private struct State {
    weak var delegate: (any HTTPNetworkTransportDelegate)?
    var clientName: String?
    var clientVersion: String?
  }

  /// The delegate, held weakly: keep it alive yourself. It may adopt any subset of the preflight,
  /// task-completed, retry and GraphQL-error protocols.
  public var delegate: (any HTTPNetworkTransportDelegate)? {
    get { state.withLock { $0.delegate } }
    set { state.withLock { $0.delegate = newValue } }
  }

  /// Sent as `apollographql-client-name`; ``defaultClientName`` until set.
  public var clientName: String {
    get { state.withLock { $0.clientName } ?? Self.defaultClientName }
    set { state.withLock { $0.clientName = newValue } }
  }

  /// Sent as `apollographql-client-version`; ``defaultClientVersion`` until set.
  public var clientVersion: String {
    get { state.withLock { $0.clientVersion } ?? Self.defaultClientVersion }
    set { state.withLock { $0.clientVersion = newValue } }
  }

  /// - Parameters:
  ///   - url: the GraphQL endpoint.
  ///   - client: the session client; its callback queue is where delegates and completions run.
  ///   - sendOperationIdentifiers: add `id` (the persisted-query identifier) to the body. The document
  ///     is still sent unless automatic persisted queries leave it out (as in 0.x).
  ///   - useGETForQueries: send queries as GET.
  ///   - enableAutoPersistedQueries: send the hash without the document first, and the document after
  ///     a `PersistedQueryNotFound` answer.
  ///   - useGETForPersistedQueryRetry: send persisted queries, and their retries, as GET.
  ///   - requestCreator: builds request bodies.
  public init(url: URL,
              client: URLSessionClient = URLSessionClient(),
              sendOperationIdentifiers: Bool = false,
              useGETForQueries: Bool = false,
              enableAutoPersistedQueries: Bool = false,
              useGETForPersistedQueryRetry: Bool = false,
              requestCreator: any RequestCreator = ApolloRequestCreator()) {
    self.url = url
    self.client = client
    self.sendOperationIdentifiers = sendOperationIdentifiers
    self.useGETForQueries = useGETForQueries
    self.enableAutoPersistedQueries = enableAutoPersistedQueries
    self.useGETForPersistedQueryRetry = useGETForPersistedQueryRetry
    self.requestCreator = requestCreator
  }

  deinit {
    // As in 0.x: the client is invalidated with its transport. An invalidated client fails new
    // requests with an error instead of crashing, so a client shared with another transport is safe.
    client.invalidate()
  }

  // MARK: Sending

  /// One attempt. `isPersistedQueryRetry` follows the 0.x table: a first send passes `false`; a
  /// `PersistedQueryNotFound` retry `true`; a delegate-driven retry `enableAutoPersistedQueries`.
  @discardableResult
  func send<Operation: GraphQLOperation>(operation: Operation, isPersistedQueryRetry: Bool, files: [GraphQLFile]?,
                                         completion: OnceCallback<Result<GraphQLResponse<Operation.Data>, any Error>>) -> any Cancellable {
    let attempt: Attempt
    do {
      attempt = try createRequest(for: operation, files: files, isPersistedQueryRetry: isPersistedQueryRetry)
    } catch {
      // Before the network: synchronous, no retry or task-completed delegate (0.x).
      completion(.failure(error))
      return EmptyCancellable()
    }
    let request = attempt.request
    // `self` is captured strongly: an in-flight request keeps its transport alive, so its completion
    // always fires (0.x captured it weakly and dropped the result when the transport went away).
    return client.sendRequest(request, rawTaskCompletionHandler: { data, response, error in
      guard let delegate = self.delegate as? any HTTPNetworkTransportTaskCompletedDelegate else { return }
      delegate.networkTransport(self, didCompleteRawTaskForRequest: request, withData: data, response: response, error: error)
    }, completion: { result in
      self.handle(result, attempt: attempt, operation: operation, files: files, completion: completion)
    })
  }

  /// A built request and what it carried.
  struct Attempt: Sendable {
    var request: URLRequest
    /// Whether the body carried the document (an APQ "not found" answer is retried only when not).
    let sentQueryDocument: Bool
  }

  func createRequest<Operation: GraphQLOperation>(for operation: Operation, files: [GraphQLFile]?,
                                                  isPersistedQueryRetry: Bool) throws -> Attempt {
    let isUpload = !(files ?? []).isEmpty
    let apq = enableAutoPersistedQueries
    var useGET: Bool
    let sendQueryDocument: Bool
    let autoPersistQuery: Bool
    switch (Operation.operationType, isPersistedQueryRetry) {
    case (.query, false):
      useGET = useGETForQueries || (apq && useGETForPersistedQueryRetry)
      sendQueryDocument = !apq
      autoPersistQuery = apq
    case (.query, true):
      useGET = useGETForPersistedQueryRetry
      sendQueryDocument = true
      autoPersistQuery = true
    case (.mutation, false):
      useGET = false
      sendQueryDocument = !apq
      autoPersistQuery = apq
    case (.mutation, true):
      useGET = false
      sendQueryDocument = true
      autoPersistQuery = true
    case (.subscription, _):
      useGET = false
      sendQueryDocument = true
      autoPersistQuery = false
    }
    // 0.x sent a query upload on a GET transport as a GET without its files; uploads are always POST.
    if isUpload { useGET = false }

    // 0.x stopped the process here; a typed error lets the caller recover.
    if (sendOperationIdentifiers || (autoPersistQuery && !isUpload)) && operation.operationIdentifier == nil {
      throw RequestBodyError.missingOperationIdentifier(operationName: operation.operationName)
    }

    // The headers are gathered here and set on the request in one assignment, with `setValue`'s
    // replace-whatever-the-case rule: on Linux each `setValue(_:forHTTPHeaderField:)` copies the fields
    // and compares every name case-insensitively, about 4 µs a call.
    var headers = HTTPHeaderFields()
    ClientAwareness.forEachField(clientName: clientName, clientVersion: clientVersion) { headers.set($1, for: $0) }
    var request: URLRequest
    if useGET {
      let body = requestCreator.requestBody(for: operation, sendOperationIdentifiers: sendOperationIdentifiers,
                                            sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery)
      try RequestBodyBuilder.checkVariables(of: operation, in: body)
      guard let getURL = GraphQLGETTransformer(body: body, url: url).createGetURL() else {
        throw GraphQLHTTPRequestError.serializedQueryParamsMessageError
      }
      // A new request's method is GET. 0.x rebuilt the request from the GET URL and lost the client
      // headers; the server needs them on GET too. There is no body, so no Content-Type.
      request = URLRequest(url: getURL)
    } else {
      request = URLRequest(url: url)
      if let files, isUpload {
        let formData: MultipartFormData
        do {
          formData = try requestCreator.requestMultipartFormData(
            for: operation, files: files, sendOperationIdentifiers: sendOperationIdentifiers,
            serializationFormat: serializationFormat, manualBoundary: nil)
        } catch let error as OperationVariablesError {
          // Names the variable; any other failure to build the form stays 0.x's error.
          throw error
        } catch {
          throw GraphQLHTTPRequestError.serializedBodyMessageError
        }
        headers.set("multipart/form-data; boundary=\(formData.boundary)", for: "Content-Type")
        request.httpBody = formData.encode()
      } else {
        let body = requestCreator.requestBody(for: operation, sendOperationIdentifiers: sendOperationIdentifiers,
                                              sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery)
        // A variable without a JSON form left `variables` null: the request fails with the typed error
        // instead of running the operation without its arguments.
        try RequestBodyBuilder.checkVariables(of: operation, in: body)
        headers.set("application/json", for: "Content-Type")
        request.httpBody = try serializationFormat.serialize(value: body)
      }
      request.httpMethod = "POST"
    }
    OperationHeaders.forEachField(of: Operation.self, includingType: false) { headers.set($1, for: $0) }
    request.allHTTPHeaderFields = headers.dictionary

    if let preflight = delegate as? any HTTPNetworkTransportPreflightDelegate {
      guard preflight.networkTransport(self, shouldSend: request) else {
        throw GraphQLHTTPRequestError.cancelledByDelegate
      }
      preflight.networkTransport(self, willSend: &request)
    }
    return Attempt(request: request, sentQueryDocument: isUpload || sendQueryDocument)
  }

  // MARK: Responses

  private func handle<Operation: GraphQLOperation>(
    _ result: Result<(Data, HTTPURLResponse), any Error>, attempt: Attempt, operation: Operation, files: [GraphQLFile]?,
    completion: OnceCallback<Result<GraphQLResponse<Operation.Data>, any Error>>
  ) {
    let request = attempt.request
    switch result {
    case .failure(let error):
      // 0.x passes no response for transport failures, even when the error carries one.
      handleErrorOrRetry(error, for: request, response: nil, operation: operation, files: files, completion: completion)
    case .success(let (data, response)):
      guard (200..<300).contains(response.statusCode) else {
        let error = GraphQLHTTPResponseError(body: data, response: response, kind: .errorResponse)
        handleErrorOrRetry(error, for: request, response: response, operation: operation, files: files, completion: completion)
        return
      }
      let json: JSON
      do {
        json = try serializationFormat.deserialize(data: data)
      } catch {
        handleErrorOrRetry(error, for: request, response: response, operation: operation, files: files, completion: completion)
        return
      }
      guard case .object(let body) = json else {
        let error = GraphQLHTTPResponseError(body: data, response: response, kind: .invalidResponse)
        handleErrorOrRetry(error, for: request, response: response, operation: operation, files: files, completion: completion)
        return
      }
      let graphQLResponse = GraphQLResponse(operation: operation, body: body)
      handleGraphQLErrors(in: graphQLResponse, attempt: attempt, operation: operation, files: files, completion: completion)
    }
  }

  private func handleGraphQLErrors<Operation: GraphQLOperation>(
    in response: GraphQLResponse<Operation.Data>, attempt: Attempt, operation: Operation, files: [GraphQLFile]?,
    completion: OnceCallback<Result<GraphQLResponse<Operation.Data>, any Error>>
  ) {
    guard let errors = response.parseErrorsOnlyFast() else {
      completion(.success(response))
      return
    }
    if enableAutoPersistedQueries, !attempt.sentQueryDocument,
       errors.containsPersistedQueryNotFound {
      // Once per attempt: the retry carries the document, so a server that still answers "not found"
      // ends with that answer instead of looping (0.x looped forever). Files are dropped, as in 0.x.
      send(operation: operation, isPersistedQueryRetry: true, files: nil, completion: completion)
      return
    }
    guard !errors.isEmpty, let delegate = delegate as? any HTTPNetworkTransportGraphQLErrorDelegate else {
      completion(.success(response))
      return
    }
    let answered = OnceCallback<Void> { _ in }
    delegate.networkTransport(self, receivedGraphQLErrors: errors, retryHandler: { shouldRetry in
      guard answered(()) else { return }
      if shouldRetry {
        self.send(operation: operation, isPersistedQueryRetry: self.enableAutoPersistedQueries, files: files, completion: completion)
      } else {
        completion(.success(response))
      }
    })
  }

  private func handleErrorOrRetry<Operation: GraphQLOperation>(
    _ error: any Error, for request: URLRequest, response: URLResponse?, operation: Operation, files: [GraphQLFile]?,
    completion: OnceCallback<Result<GraphQLResponse<Operation.Data>, any Error>>
  ) {
    guard let delegate = delegate as? any HTTPNetworkTransportRetryDelegate else {
      completion(.failure(error))
      return
    }
    let answered = OnceCallback<Void> { _ in }
    delegate.networkTransport(self, receivedError: error, for: request, response: response, continueHandler: { action in
      guard answered(()) else { return }
      switch action {
      case .retry:
        self.send(operation: operation, isPersistedQueryRetry: self.enableAutoPersistedQueries, files: files, completion: completion)
      case .fail(let failure):
        completion(.failure(failure))
      }
    })
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.RequestChainNetworkTransport; until then ApolloMigration.HTTPNetworkTransportOnAsyncChain runs these call sites on the 2.x engine")
#endif
extension HTTPNetworkTransport: NetworkTransport {
  /// Sends `operation`. Returns the `URLSessionTask` of the first attempt, or an ``EmptyCancellable``
  /// when the request failed before reaching the network (its completion has then already run).
  ///
  /// Cancelling the returned task ends the attempt with a `networkError` wrapping `NSURLErrorCancelled`,
  /// which reaches the retry delegate or the completion (0.x). Retries are new tasks that the
  /// returned value does not cancel.
  public func send<Operation: GraphQLOperation>(
    operation: Operation,
    completionHandler: @escaping (_ result: Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    send(operation: operation, isPersistedQueryRetry: false, files: nil, completion: OnceCallback(completionHandler))
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.RequestChainNetworkTransport; until then ApolloMigration.HTTPNetworkTransportOnAsyncChain runs these call sites on the 2.x engine")
#endif
extension HTTPNetworkTransport: UploadingNetworkTransport {
  /// Sends `operation` with `files` as a `multipart/form-data` POST (always POST, even for a query on a
  /// GET transport). An empty `files` sends a plain JSON request.
  public func upload<Operation: GraphQLOperation>(
    operation: Operation,
    files: [GraphQLFile],
    completionHandler: @escaping (_ result: Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    send(operation: operation, isPersistedQueryRetry: false, files: files, completion: OnceCallback(completionHandler))
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.RequestChainNetworkTransport; until then ApolloMigration.HTTPNetworkTransportOnAsyncChain runs these call sites on the 2.x engine")
#endif
extension HTTPNetworkTransport: Equatable {
  /// Compares `url`, the client (by identity), `sendOperationIdentifiers` and `useGETForQueries` only,
  /// as 0.x did.
  public static func == (lhs: HTTPNetworkTransport, rhs: HTTPNetworkTransport) -> Bool {
    lhs.url == rhs.url && lhs.client === rhs.client && lhs.sendOperationIdentifiers == rhs.sendOperationIdentifiers
      && lhs.useGETForQueries == rhs.useGETForQueries
  }
}
