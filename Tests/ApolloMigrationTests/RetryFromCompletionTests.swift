import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// Retries from the completion it passed on when the result carries an UNAUTHENTICATED error, once.
private final class RetryFromCompletionInterceptor: V1Interceptor, @unchecked Sendable {
  // @unchecked Sendable: `retried` is a Mutex and `log` a Recorder; `id` is constant.
  let id = "retry-from-completion"
  let log: Recorder<String>
  private let retried = Mutex(false)
  init(log: Recorder<String>) { self.log = log }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    log.append("intercept")
    chain.proceedAsync(request: request, response: response, interceptor: self) { [self] result in
      if case .success(let value) = result, value.errors?.first?.message == "UNAUTHENTICATED",
         retried.withLock({ done in defer { done = true }; return !done }) {
        log.append("retry from completion")
        chain.retry(request: request, completion: completion)
        return
      }
      log.append("completion: \((try? result.get()).map { "result, errors \($0.errors?.count ?? 0)" } ?? "error")")
      completion(result)
    }
  }
}

/// Wraps the completion it passes on and logs each result that comes back through it.
private final class OuterLogger: V1Interceptor, @unchecked Sendable {
  // @unchecked Sendable: `log` is a Recorder; `id` is constant.
  let id = "outer"
  let log: Recorder<String>
  init(log: Recorder<String>) { self.log = log }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    log.append("outer intercept")
    chain.proceedAsync(request: request, response: response, interceptor: self) { [self] result in
      log.append("outer saw \((try? result.get()).map { "result, errors \($0.errors?.count ?? 0)" } ?? "error")")
      completion(result)
    }
  }
}

/// A 1.x interceptor may retry from the completion it passed on, after going onward (a token refreshed when the result
/// says UNAUTHENTICATED): 1.x's chain started over under the completion given to `retry`, with every interceptor, and
/// the completions an earlier interceptor wrapped in the first pass heard of the new result too.
final class RetryFromCompletionTests: XCTestCase {
  private struct Run: Equatable {
    var log: [String]
    var outcome: [String]
    var requests: Int
  }

  /// One send of HeroName whose first answer is UNAUTHENTICATED, with `interceptors` placed as `placement` says.
  private func run(_ engine: String, afterFetch: Bool = false, _ interceptors: (Recorder<String>) -> [any V1Interceptor]) -> Run {
    let count = Mutex(0)
    let server = ScriptedServer { _ in
      let answered = count.withLock { count in
        count += 1
        return count
      }
      return answered == 1 ? .json(["data": ["hero": nil], "errors": [["message": "UNAUTHENTICATED"]]]) : .json(heroJSON)
    }
    let store = ApolloStore()
    let log = Recorder<String>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let hooks = interceptors(log)
    let provider = ClosureProvider {
      afterFetch ? defaultList(client: client, store: store, afterFetch: hooks) : defaultList(client: client, store: store, beforeFetch: hooks)
    }
    let transport = callbackTransport(engine, provider: provider, server: server, store: store)
    let outcome = Recorder<String>()
    let done = expectation(description: "\(engine) answered")
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, contextIdentifier: nil, context: nil,
                       callbackQueue: callbacks) { result in
      switch result {
      case .success(let value): outcome.append(value.data?.hero?.name ?? "no hero")
      case .failure(let error): outcome.append("failed: \(type(of: error))")
      }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    settle()
    return Run(log: log.values, outcome: outcome.values, requests: server.requests.count)
  }

  func test_aRetryFromTheCompletionPassedOnBeforeTheFetch_startsOverUnderItsCompletion_asOn1x() {
    let hooks = { (log: Recorder<String>) -> [any V1Interceptor] in [OuterLogger(log: log), RetryFromCompletionInterceptor(log: log)] }
    let native = run("1.x", hooks)
    XCTAssertEqual(native.log, ["outer intercept", "intercept", "retry from completion", "outer intercept", "intercept",
                                "completion: result, errors 0", "outer saw result, errors 0", "outer saw result, errors 0"])
    XCTAssertEqual(native.outcome, ["R2-D2"])
    XCTAssertEqual(native.requests, 2)
    XCTAssertEqual(run("facade", hooks), native)
  }

  /// Difference: from a hook between the fetch and the parser (or after the parser), the retry still ends the request
  /// with ``CallbackInterceptorError/calledOnwardTwice(interceptor:firstVerb:secondVerb:)`` on the 2.x engine, where 1.x
  /// started over: there the result is already on its way through the results stage, which cannot start the attempt
  /// over.
  func test_differs1xFromFacade_aRetryFromTheCompletionAfterTheFetch_1xStartsOver_theFacadeFailsTheRequest() {
    let hooks = { (log: Recorder<String>) -> [any V1Interceptor] in [RetryFromCompletionInterceptor(log: log)] }
    let native = run("1.x", afterFetch: true, hooks)
    XCTAssertEqual(native.outcome, ["R2-D2"])
    XCTAssertEqual(native.requests, 2)
    let adapted = run("facade", afterFetch: true, hooks)
    XCTAssertEqual(adapted.outcome, ["failed: CallbackInterceptorError"])
    XCTAssertEqual(adapted.requests, 1)
  }
}
