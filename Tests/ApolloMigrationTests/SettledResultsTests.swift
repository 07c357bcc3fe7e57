import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
@testable import ApolloMigration  // InPlaceStreams is the adapters' own
import Foundation
import StarWarsAPI
import XCTest

/// A single response comes back from the 2.x chain settled: the adapters map it at once instead of through a
/// layer that reads it. What a reader sees must not change; when the 1.x hooks run does (MIGRATION 5.2 #19).
final class SettledResultsTests: XCTestCase {
  private struct Failure: Error, Equatable { let name: String }

  /// The elements and the end a stream gives.
  private func read(_ stream: consuming NonCopyableAsyncThrowingStream<Int>) async -> ([Int], String) {
    var values: [Int] = []
    do {
      for try await value in stream.getStream() { values.append(value) }
      return (values, "finished")
    } catch {
      return (values, (error as? Failure)?.name ?? "\(error)")
    }
  }

  private func upstream(_ elements: [Int], _ failure: Failure?, settled: Bool) -> NonCopyableAsyncThrowingStream<Int> {
    if settled { return NonCopyableAsyncThrowingStream(settled: SettledElements(elements: elements, failure: failure)) }
    return NonCopyableAsyncThrowingStream(stream: AsyncThrowingStream { continuation in
      for element in elements { continuation.yield(element) }
      continuation.finish(throwing: failure)
    })
  }

  func test_mappingASettledUpstream_givesWhatReadingItThroughALayerGives() async {
    typealias Case = (elements: [Int], failure: Failure?, failAt: Int?, errors: @Sendable (any Error) async throws -> Int?)
    let cases: [(String, Case)] = [
      ("elements, then the end", ([1, 2, 3], nil, nil, { _ in XCTFail("no error to map"); return nil })),
      ("an error replaced by a value", ([1, 2], Failure(name: "E1"), nil, { _ in 99 })),
      ("an error turned into the end", ([1], Failure(name: "E1"), nil, { _ in nil })),
      ("an error turned into another", ([1], Failure(name: "E1"), nil, { _ in throw Failure(name: "E2") })),
      ("a failing transform goes to the error mapping", ([1, 2, 3], nil, 2, { error in
        (error as? Failure)?.name == "transform" ? 77 : nil })),
    ]
    for (name, item) in cases {
      let transform: @Sendable (Int) async throws -> Int = { value in
        if value == item.failAt { throw Failure(name: "transform") }
        return value * 10
      }
      let layered = await read(await InPlaceStreams.map(upstream(item.elements, item.failure, settled: false), transform,
                                                        errors: item.errors))
      let settledOutput = await InPlaceStreams.map(upstream(item.elements, item.failure, settled: true), transform,
                                                   errors: item.errors)
      XCTAssertNotNil(settledOutput.settled, "\(name): the stage above can map it at once too")
      let settled = await read(settledOutput)
      XCTAssertEqual(settled.0, layered.0, name)
      XCTAssertEqual(settled.1, layered.1, name)

      let noError: @Sendable (any Error) async throws -> Int? = { _ in nil }
      let errors = item.failure == nil ? noError : item.errors
      let layeredErrors = await read(await InPlaceStreams.mapErrors(upstream(item.elements, item.failure, settled: false), errors))
      let settledErrors = await read(await InPlaceStreams.mapErrors(upstream(item.elements, item.failure, settled: true), errors))
      XCTAssertEqual(settledErrors.0, layeredErrors.0, name)
      XCTAssertEqual(settledErrors.1, layeredErrors.1, name)
    }
  }

  /// The difference: a 1.x pre-flight interceptor's completion sees a single response's result before
  /// `next` returns to the 2.x interceptor in front of the adapted list (the result is settled, so the turn
  /// hands it on at once), and so does an answer from the cache alone; a multipart response's later part still
  /// reaches it after `next` returned.
  func test_differenceFromReadingLazily_theAdapted1xCompletionRunsBeforeNextReturns_forASingleResponse() async throws {
    final class CompletionMarker: ApolloCallbackChain.ApolloInterceptor, @unchecked Sendable {
      // @unchecked Sendable: `events` is a locked recorder; `id` is immutable.
      let id = InterceptorID.next()
      let events: EventLog
      init(events: EventLog) { self.events = events }
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
        completion: @escaping V1Completion<Operation.Data>
      ) {
        let events = self.events
        chain.proceedAsync(request: request, response: response, interceptor: self) { result in
          events.append("1.x completion")
          completion(result)
        }
      }
    }
    struct MarkingFront: GraphQLInterceptor {
      let events: EventLog
      func intercept<Request: GraphQLRequest>(request: Request, next: NextInterceptorFunction<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        let results = await next(request)
        events.append("next returned")
        return results
      }
    }
    struct Front: ApolloAsyncChain.InterceptorProvider {
      let adapted: CallbackProviderOnAsyncChain
      let events: EventLog
      func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        [MarkingFront(events: events)] + adapted.graphQLInterceptors(for: operation)
      }
      func cacheInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> any CacheInterceptor {
        adapted.cacheInterceptor(for: operation)
      }
      func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
        adapted.httpInterceptors(for: operation)
      }
      func responseParser<Operation: GraphQLOperation>(for operation: Operation) -> any ResponseParsingInterceptor {
        adapted.responseParser(for: operation)
      }
    }
    func run<Query: GraphQLQuery>(
      _ query: Query, _ response: ScriptedResponse, fromTheCache: Bool = false
    ) async throws -> ([String], Int) {
      let events = EventLog()
      let server = ScriptedServer { _ in response }
      let store = ApolloStore()
      let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server)
      // A cache hit goes back only through the interceptors before 1.x's CacheReadInterceptor: there the marker sits.
      let provider = ClosureProvider {
        fromTheCache
          ? [CompletionMarker(events: events)] + defaultList(client: client, store: store)
          : defaultList(client: client, store: store, beforeFetch: [CompletionMarker(events: events)])
      }
      let transport = ApolloAsyncChain.RequestChainNetworkTransport(
        urlSession: server, interceptorProvider: Front(adapted: CallbackProviderOnAsyncChain(provider, store: store), events: events),
        store: store, endpointURL: endpoint)
      if fromTheCache {
        // Fills the store, then answers from it alone; only the events of that answer count.
        let (_, error) = await readToEnd(try transport.send(
          query: query, fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration(writeResultsToCache: true)))
        XCTAssertNil(error)
        events.append("cached")
      }
      let (values, error) = await readToEnd(try transport.send(
        query: query, fetchBehavior: fromTheCache ? .CacheOnly : .NetworkOnly,
        requestConfiguration: RequestConfiguration(writeResultsToCache: false)))
      XCTAssertNil(error)
      let answered = events.values.split(separator: "cached", omittingEmptySubsequences: false).last.map(Array.init) ?? []
      return (answered, values.count)
    }

    let single = try await run(HeroNameQuery(episode: nil), .json(heroJSON))
    XCTAssertEqual(single.1, 1)
    XCTAssertEqual(single.0, ["1.x completion", "next returned"])

    // An answer from the cache alone is settled too.
    let cached = try await run(HeroNameQuery(episode: nil), .json(heroJSON), fromTheCache: true)
    XCTAssertEqual(cached.1, 1)
    XCTAssertEqual(cached.0, ["1.x completion", "next returned"])

    let parts = ScriptedResponse.multipart(
      [#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#,
       #"{"incremental":[{"data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]},"path":["hero"],"label":"friends"}],"hasNext":false}"#],
      delay: .milliseconds(100))
    let multipart = try await run(HeroDeferredQuery(), parts)
    XCTAssertEqual(multipart.1, 2)
    XCTAssertEqual(multipart.0.filter { $0 == "1.x completion" }.count, 2)
    XCTAssertEqual(multipart.0.last, "1.x completion", "the second part reaches the completion after next returned")
    XCTAssertLessThan(try XCTUnwrap(multipart.0.firstIndex(of: "next returned")),
                      try XCTUnwrap(multipart.0.lastIndex(of: "1.x completion")))
  }
}

/// Events from several tasks and threads, in the order they happened.
final class EventLog: @unchecked Sendable {
  // @unchecked Sendable: `events` is only touched under `lock`.
  private let lock = NSLock()
  private var events: [String] = []

  func append(_ event: String) {
    lock.lock()
    events.append(event)
    lock.unlock()
  }

  var values: [String] {
    lock.lock()
    defer { lock.unlock() }
    return events
  }
}
