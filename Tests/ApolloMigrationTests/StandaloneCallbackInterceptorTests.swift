import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// One 1.x interceptor adapted alone, inside an app's own 2.x provider (MIGRATION.md, step 3): no adapted
/// 1.x provider opens the attempt, and `retry` and the errors the interceptor ends the request with still
/// behave as documented.
final class StandaloneCallbackInterceptorTests: XCTestCase {
  /// A 2.x provider whose GraphQL interceptors are the retry bound and one adapted 1.x interceptor.
  private struct Provider: ApolloAsyncChain.InterceptorProvider {
    let adapted: CallbackInterceptorOnAsyncChain
    func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
      [ApolloAsyncChain.MaxRetryInterceptor(maxRetriesAllowed: 2), adapted]
    }
  }

  private func send(_ adapted: CallbackInterceptorOnAsyncChain, server: ScriptedServer) async throws
    -> (values: [ApolloAsyncChain.GraphQLResponse<HeroNameQuery>], error: (any Error)?)
  {
    let store = ApolloStore()
    let transport = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: Provider(adapted: adapted), store: store, endpointURL: endpoint)
    return await readToEnd(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                              requestConfiguration: RequestConfiguration()))
  }

  /// Adapted alone after the parser (a 1.x response logger at the end of the list), the interceptor sees the response
  /// its result came from, status, headers and body, as 1.x's did; before, a stand-in 200 with no headers or body.
  func test_afterTheParserAlone_theInterceptorSeesTheRealHeadAndBody() async throws {
    let body = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#
    let server = ScriptedServer { _ in .text(body, statusCode: 203, headers: ["Content-Type": "application/json", "X-Trace": "t-9"]) }
    let seen = Recorder<String>()
    let outcome = try await send(CallbackInterceptorOnAsyncChain(HeadRecordingInterceptor(seen: seen), position: .afterParsing),
                                 server: server)
    XCTAssertNil(outcome.error)
    XCTAssertEqual(outcome.values.first?.data?.hero?.name, "R2-D2")
    XCTAssertEqual(seen.values, ["203 t-9 \(body.utf8.count) bytes"])
  }

  /// Two interceptors adapted alone after the parser (a logger and an error reporter, say) both see the real response.
  func test_twoInterceptorsAfterTheParserAlone_bothSeeTheRealHead() async throws {
    struct TwoAfterParsing: ApolloAsyncChain.InterceptorProvider {
      let first: CallbackInterceptorOnAsyncChain
      let second: CallbackInterceptorOnAsyncChain
      func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        [ApolloAsyncChain.MaxRetryInterceptor(maxRetriesAllowed: 2), first, second]
      }
    }
    let body = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#
    let server = ScriptedServer { _ in .text(body, statusCode: 203, headers: ["Content-Type": "application/json", "X-Trace": "t-9"]) }
    let (first, second) = (Recorder<String>(), Recorder<String>())
    let provider = TwoAfterParsing(first: CallbackInterceptorOnAsyncChain(HeadRecordingInterceptor(seen: first), position: .afterParsing),
                                   second: CallbackInterceptorOnAsyncChain(HeadRecordingInterceptor(seen: second), position: .afterParsing))
    let transport = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: provider, store: ApolloStore(), endpointURL: endpoint)
    let outcome = await readToEnd(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                                     requestConfiguration: RequestConfiguration()))
    XCTAssertNil(outcome.error)
    XCTAssertEqual(first.values, ["203 t-9 \(body.utf8.count) bytes"])
    XCTAssertEqual(second.values, ["203 t-9 \(body.utf8.count) bytes"])
  }

  func test_retry_becomesA2xRetry_boundedByThe2xMaxRetryInterceptor() async throws {
    let server = StarWarsScriptedServer.make()
    let count = Recorder<Int>()
    let outcome = try await send(CallbackInterceptorOnAsyncChain(BlindRetryInterceptor(count: count)), server: server)
    XCTAssertEqual(count.values.count, 3, "the first attempt and two retries")
    XCTAssertTrue(outcome.error is ApolloAsyncChain.MaxRetryInterceptor.MaxRetriesError, "\(String(describing: outcome.error))")
    XCTAssertTrue(server.requests.isEmpty)
  }

  func test_anInterceptorThatNeverCallsOnward_endsTheRequestWithTheTypedError() async throws {
    let server = StarWarsScriptedServer.make()
    let outcome = try await send(CallbackInterceptorOnAsyncChain(SilentInterceptor(), timeout: .milliseconds(100)), server: server)
    guard case .neverCalledOnward(let name, _)? = outcome.error as? CallbackInterceptorError else {
      return XCTFail("expected neverCalledOnward, got \(String(describing: outcome.error))")
    }
    XCTAssertEqual(name, "SilentInterceptor")
  }

  func test_handleErrorAsync_endsTheRequestWithTheInterceptorsOwnError() async throws {
    let server = StarWarsScriptedServer.make()
    let outcome = try await send(CallbackInterceptorOnAsyncChain(FailingInterceptor()), server: server)
    XCTAssertTrue(outcome.error is FailingInterceptor.Failure, "\(String(describing: outcome.error))")
  }

  func test_aProceedingInterceptor_leavesTheResultAndThe2xErrorsAlone() async throws {
    let ok = try await send(CallbackInterceptorOnAsyncChain(TokenInterceptor(tokens: Recorder<String>())),
                            server: StarWarsScriptedServer.make())
    XCTAssertNil(ok.error)
    XCTAssertEqual(ok.values.first?.data?.hero?.name, "R2-D2")
    let failing = try await send(CallbackInterceptorOnAsyncChain(TokenInterceptor(tokens: Recorder<String>())),
                                 server: ScriptedServer { _ in .json(["errors": [["message": "down"]]], statusCode: 500) })
    XCTAssertTrue(failing.error is ApolloAsyncChain.ResponseCodeInterceptor.ResponseCodeError,
                  "a 2.x chain's error reaches a 2.x app as it is: \(String(describing: failing.error))")
  }
}
