import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The errors a 1.x app's error interceptor and completion get for a failed transfer or an unparsable body: the
/// 1.x client's and parser's own types on the 1.x facade, as on 1.x's own transport, so code that matches them (to
/// retry when offline, say) keeps working.
final class CallbackTransportErrorTests: XCTestCase {
  private typealias ClientError = ApolloCallbackChain.URLSessionClient.URLSessionClientError
  private typealias ParsingError = ApolloCallbackChain.JSONResponseParsingInterceptor.JSONResponseParsingError

  /// What the error interceptor is handed and what the completion gets, for one send to `response`.
  private func failures(
    answering response: ScriptedResponse,
    through makeTransport: (any ApolloCallbackChain.InterceptorProvider, ScriptedServer, ApolloStore) -> any ApolloCallbackChain.NetworkTransport
  ) -> (handled: [any Error], delivered: (any Error)?) {
    let server = ScriptedServer { _ in response }
    let store = ApolloStore()
    let handled = Recorder<any Error>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider(make: { defaultList(client: client, store: store, maxRetries: 0) },
                                   errorInterceptor: { HandledErrorRecorder(handled: handled) })
    let transport = makeTransport(provider, server, store)
    let done = expectation(description: "answered")
    let delivered = Recorder<any Error>()
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, contextIdentifier: nil,
                       context: nil, callbackQueue: callbacks) { result in
      if case .failure(let error) = result { delivered.append(error) }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    settle()
    return (handled.values, delivered.values.first)
  }

  private func native(_ provider: any ApolloCallbackChain.InterceptorProvider, _: ScriptedServer, _: ApolloStore)
    -> any ApolloCallbackChain.NetworkTransport {
    ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: endpoint)
  }

  private func facade(_ provider: any ApolloCallbackChain.InterceptorProvider, _ server: ScriptedServer, _ store: ApolloStore)
    -> any ApolloCallbackChain.NetworkTransport {
    RequestChainNetworkTransportOnAsyncChain(interceptorProvider: provider, endpointURL: endpoint, urlSession: server, store: store)
  }

  /// The parts of a `networkError`, to compare: what had arrived, the status of the head, the underlying code.
  private func networkError(_ error: (any Error)?) -> (data: Data, status: Int?, code: URLError.Code?)? {
    guard case .networkError(let data, let response, let underlying)? = error as? ClientError else { return nil }
    return (data, response?.statusCode, (underlying as? URLError)?.code)
  }

  func test_aConnectionThatFails_isTheClientsNetworkError_asOn1x() throws {
    let refused = ScriptedResponse.failure(URLError(.cannotConnectToHost))
    let onNative = failures(answering: refused, through: native)
    let onFacade = failures(answering: refused, through: facade)
    let expected = try XCTUnwrap(networkError(onNative.delivered), "1.x: \(String(describing: onNative.delivered))")
    XCTAssertEqual(expected.data, Data())
    XCTAssertNil(expected.status)
    XCTAssertEqual(expected.code, .cannotConnectToHost)
    for (name, error) in [("handled", onFacade.handled.first), ("delivered", onFacade.delivered)] {
      let adapted = try XCTUnwrap(networkError(error), "\(name) on the facade: \(String(describing: error))")
      XCTAssertEqual(adapted.data, expected.data, name)
      XCTAssertEqual(adapted.status, expected.status, name)
      XCTAssertEqual(adapted.code, expected.code, name)
    }
    XCTAssertEqual(onFacade.handled.count, onNative.handled.count)
  }

  /// A session that fails with an error of its own (here the streaming session, invalidated): 1.x's client wrapped
  /// every failure of the transfer, not only `URLError`s.
  func test_aSessionFailureOfAnyType_isTheClientsNetworkError_asOn1x() throws {
    let invalidated = ScriptedResponse.failure(HTTPStreamingSessionError.invalidated)
    for (name, outcome) in [("1.x", failures(answering: invalidated, through: native)),
                            ("facade", failures(answering: invalidated, through: facade))] {
      guard case .networkError(_, _, let underlying)? = outcome.delivered as? ClientError else {
        return XCTFail("\(name): \(String(describing: outcome.delivered))")
      }
      XCTAssertEqual(underlying as? HTTPStreamingSessionError, .invalidated, name)
    }
  }

  /// A body cut short: the client's error carries the head on both. Difference: 1.x's also carries the bytes that had
  /// arrived; on the 2.x engine the session hands a whole (not multipart) body on only once all of it has arrived, so
  /// the error carries none.
  func test_differs1xFromFacade_aBodyCutShort_bothNetworkErrorsWithTheHead_onlyNative1xWithWhatArrived() throws {
    let partial = Data(#"{"data":{"hero":"#.utf8)
    let cut = ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"],
                               body: [.data(partial), .fail(URLError(.networkConnectionLost))])
    let onNative = failures(answering: cut, through: native)
    let onFacade = failures(answering: cut, through: facade)
    let expected = try XCTUnwrap(networkError(onNative.delivered), "1.x: \(String(describing: onNative.delivered))")
    XCTAssertEqual(expected.data, partial)
    XCTAssertEqual(expected.status, 200)
    XCTAssertEqual(expected.code, .networkConnectionLost)
    let adapted = try XCTUnwrap(networkError(onFacade.delivered), "facade: \(String(describing: onFacade.delivered))")
    XCTAssertEqual(adapted.data, Data())
    XCTAssertEqual(adapted.status, expected.status)
    XCTAssertEqual(adapted.code, expected.code)
    XCTAssertNotNil(networkError(onFacade.handled.first), "the error interceptor gets the client's error too")
  }

  func test_aBodyThatIsNotJSON_is1xsParsingError() throws {
    let garbage = ScriptedResponse.text("not json", headers: ["Content-Type": "application/json"])
    for (name, outcome) in [("1.x", failures(answering: garbage, through: native)), ("facade", failures(answering: garbage, through: facade))] {
      guard case .couldNotParseToJSON(let data)? = outcome.delivered as? ParsingError else {
        return XCTFail("\(name): \(String(describing: outcome.delivered))")
      }
      XCTAssertEqual(data, Data("not json".utf8), name)
      XCTAssertTrue(outcome.handled.first is ParsingError, "\(name): the error interceptor gets the parser's error")
    }
  }

  /// A 200 with an empty body: 1.x's parser fails on the empty body, through the error interceptor; on the 2.x engine
  /// the chain would have nothing to parse and end with `noResults`, which no 1.x code expects.
  func test_anEmptySuccessfulBody_is1xsParsingError_throughTheErrorInterceptor() throws {
    let empty = ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"])
    for (name, outcome) in [("1.x", failures(answering: empty, through: native)), ("facade", failures(answering: empty, through: facade))] {
      guard case .couldNotParseToJSON(let data)? = outcome.delivered as? ParsingError else {
        return XCTFail("\(name): \(String(describing: outcome.delivered))")
      }
      XCTAssertEqual(data, Data(), name)
      XCTAssertEqual(outcome.handled.count, 1, name)
      XCTAssertTrue(outcome.handled.first is ParsingError, "\(name): \(outcome.handled)")
    }
  }
}

/// The adapted 1.x provider with a 2.x HTTP interceptor of the app's after its own (inside it): what that interceptor
/// throws is not a failure of the transfer, and stays what it is.
final class CallbackTransportErrorsAroundAppHTTPInterceptorsTests: XCTestCase {
  private struct WithAppHTTPInterceptor: ApolloAsyncChain.InterceptorProvider {
    let adapted: CallbackProviderOnAsyncChain
    func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
      adapted.graphQLInterceptors(for: operation)
    }
    func cacheInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> any CacheInterceptor {
      adapted.cacheInterceptor(for: operation)
    }
    func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
      adapted.httpInterceptors(for: operation) + [ApolloAsyncChain.ResponseCodeInterceptor()]
    }
    func responseParser<Operation: GraphQLOperation>(for operation: Operation) -> any ResponseParsingInterceptor {
      adapted.responseParser(for: operation)
    }
  }

  func test_anErrorThrownByAnAppsHTTPInterceptorInside_isNotMadeANetworkError() async throws {
    let server = ScriptedServer { _ in .json(["errors": [["message": "down"]]], statusCode: 500) }
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let adapted = CallbackProviderOnAsyncChain(ClosureProvider { defaultList(client: client, store: store, maxRetries: 0) }, store: store)
    let transport = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: WithAppHTTPInterceptor(adapted: adapted), store: store, endpointURL: endpoint)
    let outcome = await readToEnd(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                                     requestConfiguration: RequestConfiguration()))
    XCTAssertFalse(outcome.error is ApolloCallbackChain.URLSessionClient.URLSessionClientError, "\(String(describing: outcome.error))")
    XCTAssertTrue(outcome.error is ApolloCallbackChain.ResponseCodeInterceptor.ResponseCodeError, "\(String(describing: outcome.error))")
  }
}

/// Records each error it is handed and passes it on unchanged.
private struct HandledErrorRecorder: ApolloCallbackChain.ApolloErrorInterceptor {
  let handled: Recorder<any Error>

  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    handled.append(error)
    completion(.failure(error))
  }
}
