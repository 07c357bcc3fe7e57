import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import ApolloMigration
import ApolloParityCatalog
import ApolloParityTesting
import Foundation
import StarWarsAPI
import Testing
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The public harness with an app's own hooks: stacks built from a 0.x delegate, a 1.x provider and a
/// 2.x provider, compared side by side, reported, asserted, recorded and replayed.
final class ParityHarnessTests: XCTestCase {
  private var success: ParityScenario { ParityCatalog.all.first { $0.name == "success" }! }

  /// The app's stacks: its 0.x delegate, that delegate adapted, its 1.x and 2.x token hooks.
  private func appStacks(token2x: String = "app-token") -> [ParityStackDefinition] {
    [
      .delegateTransport("0.x app") { AppTokenDelegate(token: "app-token") },
      .delegatesOnAsyncChain("0.x delegate on 2.x") { AppTokenDelegate(token: "app-token") },
      .delegateTransportOnAsyncChain("0.x facade on 2.x") { AppTokenDelegate(token: "app-token") },
      .callbackChain("1.x app") { client, store in AppTokenProviderV1(client: client, store: store, token: "app-token") },
      .callbackProviderOnAsyncChain("1.x provider on 2.x") { client, store in
        AppTokenProviderV1(client: client, store: store, token: "app-token")
      },
      .asyncChain("2.x rewrite") { _ in AppTokenProviderV2(token: token2x) },
    ]
  }

  func test_anAppsOwnHooks_matchAcrossGenerationsAndAdapters() async {
    let report = await ParityHarness().run([success], stacks: appStacks())
    XCTAssertEqual(report.stacks.count, 6)
    XCTAssertEqual(report.rows.first?.cells.map(\.outcome), [.reference] + Array(repeating: .matched, count: 5), report.text())
    XCTAssertTrue(report.allMatched)
    assertParity(report)
  }

  /// A run that compares nothing is not a pass: one stack alone (its run unchecked), no stack, no scenario.
  func test_aRunThatComparesNothing_doesNotPass() async throws {
    let alone = await ParityHarness().run([success], stacks: Array(appStacks().prefix(1)))
    XCTAssertEqual(alone.rows.first?.cells.map(\.outcome), [.failed])
    XCTAssertTrue(try XCTUnwrap(alone.rows.first?.cells.first?.difference).contains("at least two stacks"))
    XCTAssertFalse(alone.allMatched)
    let noStacks = await ParityHarness().run([success], stacks: [])
    XCTAssertFalse(noStacks.allMatched)
    XCTAssertTrue(noStacks.summaryLine.hasSuffix("nothing was compared"), noStacks.summaryLine)
    let noScenarios = await ParityHarness().run([], stacks: appStacks())
    XCTAssertFalse(noScenarios.allMatched)
    XCTAssertNotNil(ParityAssertion.failureMessage(for: noScenarios))
  }

  func test_aRewriteThatSendsAnotherToken_isReportedInWords() async throws {
    let report = await ParityHarness().run([success], stacks: appStacks(token2x: "other-token"))
    XCTAssertFalse(report.allMatched)
    let cell = try XCTUnwrap(report.rows.first?.cells.last)
    XCTAssertEqual(cell.outcome, .differed)
    // The tokens differ, and the report says so without printing either (fingerprints, `Redaction`).
    let other = Redaction.secret("Bearer other-token"), app = Redaction.secret("Bearer app-token")
    XCTAssertEqual(cell.difference,
                   "wire, step 1 · request 1: header authorization differs: '\(other)' (2.x rewrite) vs '\(app)' (0.x app)")
    XCTAssertEqual(ParityAssertion.failureMessage(for: report), """
      1 scenarios × 6 stacks = 6 cells: 4 matched their reference, 1 differ, 0 failed
      success | 2.x rewrite · wire, step 1 · request 1: header authorization differs: '\(other)' (2.x rewrite) vs '\(app)' (0.x app)
      """)
    for text in [report.json(), report.markdown(), ParityAssertion.failureMessage(for: report) ?? ""] {
      XCTAssertFalse(text.contains("app-token") || text.contains("other-token"), "a token reached a report:\n\(text)")
    }
  }

  // 0.x transports had no additional headers; an app's 0.x delegate adapted to 1.x or 2.x must not
  // gain the scenario's transport headers its native stack never sends.
  func test_stacksOf0xHooksSendNoTransportHeaders_adaptedOrNot() async throws {
    let scenario = try XCTUnwrap(ParityCatalog.all.first { $0.name == "additional-headers" })
    XCTAssertFalse(scenario.transport.additionalHeaders.isEmpty)
    let report = await ParityHarness().run([scenario], stacks: Array(appStacks().prefix(3)) + [
      .delegatesOnCallbackChain("0.x delegate on 1.x") { AppTokenDelegate(token: "app-token") },
    ])
    XCTAssertTrue(report.allMatched, report.text())
  }

  func test_theReference_canBeAnyStack() async {
    let report = await ParityHarness().run([success], stacks: appStacks(), reference: "2.x rewrite")
    XCTAssertEqual(report.rows.first?.cells.last?.outcome, .reference)
    XCTAssertEqual(report.matched, 5)
  }

  func test_aReferenceThatNamesNoStack_failsEveryCell_insteadOfMatchingThemAll() async throws {
    let report = await ParityHarness().run([success], stacks: appStacks(), reference: "2.x rewrit")
    XCTAssertFalse(report.allMatched)
    XCTAssertEqual(report.failed, 6)
    let difference = try XCTUnwrap(report.rows.first?.cells.first?.difference)
    XCTAssertTrue(difference.hasPrefix("no stack is named '2.x rewrit' (the reference); the stacks are '0.x app', "), difference)
  }

  func test_twoStacksWithOneName_failEveryCell() async throws {
    let stacks: [ParityStackDefinition] = [
      .delegateTransport("app") { AppTokenDelegate(token: "app-token") },
      .asyncChain("app") { _ in AppTokenProviderV2(token: "other") },
    ]
    let report = await ParityHarness().run([success], stacks: stacks)
    XCTAssertEqual(report.failed, 2)
    XCTAssertEqual(report.rows.first?.cells.first?.difference, "two stacks are named 'app': each needs its own name")
  }

  /// `malformed-json` declares that 0.x and 2.x clients report unparsable JSON differently. A 2.x stack
  /// compared with a 0.x app may show either side, but not a third behaviour.
  func test_aDeclaredDifference_allowsEitherSide_butNotAThirdBehaviour() async throws {
    let scenario = try XCTUnwrap(ParityCatalog.all.first { $0.name == "malformed-json" })
    XCTAssertTrue(scenario.differences.contains { $0.aspect == .deliveries })
    let report = await ParityHarness().run([scenario], stacks: [
      .delegateTransport("0.x app") { AppTokenDelegate(token: "app-token") },
      .delegatesOnAsyncChain("0.x delegate on 2.x") { AppTokenDelegate(token: "app-token") },
      .asyncChain("2.x rewrite that relabels errors") { _ in RelabellingProviderV2() },
    ], aspects: [.deliveries])
    let cells = try XCTUnwrap(report.rows.first?.cells)
    XCTAssertEqual(cells.map(\.outcome), [.reference, .matched, .differed], report.text())
    XCTAssertEqual(cells[1].uncompared, [])
    let difference = try XCTUnwrap(cells[2].difference)
    XCTAssertTrue(difference.contains("AppError relabelled"), difference)
    XCTAssertTrue(difference.hasSuffix("(neither side of the declared difference)"), difference)
  }

  /// Declared values that do not describe the app's hooks cannot be checked: the aspect is named as left
  /// out, and a cell left with nothing to compare is not counted as matched.
  func test_aDeclaredDifferenceTheHooksDoNotShow_isNamedUncompared_neverMatched() async throws {
    var scenario = success
    scenario.differences = [ParityDeclaredDifference(.deliveries, [.v0: "what the catalog's 0.x hooks did", .v2: "what its 2.x hooks did"],
                                                     why: "a difference taken with other hooks")]
    let stacks: [ParityStackDefinition] = [
      .delegateTransport("0.x app") { AppTokenDelegate(token: "app-token") },
      .asyncChain("2.x rewrite") { _ in AppTokenProviderV2(token: "app-token") },
    ]
    let onlyDeliveries = await ParityHarness().run([scenario], stacks: stacks, aspects: [.deliveries])
    XCTAssertEqual(onlyDeliveries.rows.first?.cells.last?.outcome, .uncompared)
    XCTAssertFalse(onlyDeliveries.allMatched)
    XCTAssertTrue(onlyDeliveries.text().contains("\nsuccess   · ?\n"), onlyDeliveries.text())
    XCTAssertEqual(onlyDeliveries.problems, ["success | 2.x rewrite · nothing compared: deliveries differ between the generations by declaration"])
    let all = await ParityHarness().run([scenario], stacks: stacks)
    XCTAssertEqual(all.rows.first?.cells.last?.outcome, .matched, all.text())
    XCTAssertEqual(all.rows.first?.cells.last?.uncompared, [.deliveries])
    XCTAssertTrue(all.json().contains(#""uncompared":["deliveries"]"#), all.json())
  }

  func test_anAppsOwnErrors_areToldApartByValue_notOnlyByType() {
    XCTAssertNotEqual(ParityFailure(AppError.relabelled), ParityFailure(AppError.expired))
    XCTAssertEqual(ParityFailure(AppError.expired).category, "other")
  }

  func test_aStepThatNeverEnds_isCancelledAndRecordedAsATimeout() async throws {
    let runner = ParityRunner(timeout: .milliseconds(300))
    // The step that ends runs with the default time limit: it must not be marked, however slow the machine.
    let v0 = await ParityRunner().run(success, on: .delegateTransport("0.x never retries") { SilentRetryDelegate() })
    let v2 = await runner.run(success, on: .asyncChain("2.x never ends") { _ in NeverEndingProviderV2() })
    var failing = success
    failing.replies = [.transportFailure(.timedOut)]
    let v0Failing = await runner.run(failing, on: .delegateTransport("0.x never retries") { SilentRetryDelegate() })
    for trace in [v0Failing, v2] {
      XCTAssertEqual(trace.steps.first?.deliveries.last, .failure(ParityFailure(category: "timeout", detail: "no end within 0.3 seconds")),
                     "\(trace.steps)")
    }
    // A step that ends is not marked.
    XCTAssertFalse(v0.steps.first?.deliveries.contains { $0.summary.contains("timeout") } ?? true)
  }

  /// The cached result arrives at once and the server's 600 ms later: a callback stack's step must not be
  /// taken as over in between (it would record one delivery where the async stack records two).
  func test_aCallbackStep_waitsOutTheServersPause_beforeItCountsAsOver() async throws {
    let r2: JSON.Object = ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]
    let scenario = ParityScenario(
      name: "slow-network-after-cache", summary: "The network half of cache-and-network answers late.",
      steps: [ParityStep(.query(HeroNameQuery(episode: nil)), cachePolicy: .networkOnly),
              ParityStep(.query(HeroNameQuery(episode: nil)), cachePolicy: .cacheAndNetwork)],
      replies: [.json(["data": .object(r2)]), .delayed(.milliseconds(600), ["data": .object(r2)])])
    // 250 ms to read and deliver the late reply, far less than its 600 ms pause (the step would end there).
    let runner = ParityRunner(settle: .milliseconds(250))
    let trace = await runner.run(scenario, on: .delegateTransport("0.x app") { AppTokenDelegate(token: "app-token") })
    XCTAssertEqual(trace.steps.last?.deliveries.count, 2, "\(trace.steps)")
  }

  /// Clients an app builds itself (its own transport options here) run through the same scenarios.
  func test_clientsTheAppBuildsItself_runAndCompareLikeAnyStack() async throws {
    let report = await ParityHarness().run([success], stacks: [
      .delegateTransport("0.x app") { AppTokenDelegate(token: "app-token") },
      .delegateTransportClient("0.x app, built by hand") { context in
        let delegate = AppTokenDelegate(token: "app-token")
        let transport = HTTPNetworkTransport(url: context.endpoint, client: context.delegateTransportClient())
        transport.delegate = delegate
        return (ApolloDelegateTransport.ApolloClient(networkTransport: transport, store: context.store), keepingAlive: [delegate])
      },
      .asyncChainClient("2.x with a tenant header") { context in
        ApolloAsyncChain.ApolloClient(
          networkTransport: ApolloAsyncChain.RequestChainNetworkTransport(
            urlSession: context.urlSession, interceptorProvider: AppTokenProviderV2(token: "app-token"), store: context.store,
            endpointURL: context.endpoint, additionalHeaders: ["X-Tenant": "t1"]),
          store: context.store)
      },
    ])
    let cells = try XCTUnwrap(report.rows.first?.cells)
    XCTAssertEqual(cells.map(\.outcome), [.reference, .matched, .differed], report.text())
    XCTAssertEqual(cells[2].difference, "wire, step 1 · request 1: 2.x with a tenant header has 'header x-tenant: t1', 0.x app has 'body {\"operationName\":\"HeroName\",\"query\":\"query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }\",\"variables\":{}}'")
  }

  func test_builtInStacks_reportEachAgainstItsNative() async {
    let scenarios = ParityCatalog.all.filter { ["success", "500-empty"].contains($0.name) }
    let report = await ParityHarness().run(scenarios, stacks: [.native1x, .interceptorsOn2x, .facade1xOn2x])
    XCTAssertEqual(report.rows.map { $0.cells.map(\.outcome) }, Array(repeating: [.reference, .matched, .matched], count: 2))
    XCTAssertNil(ParityAssertion.failureMessage(for: report))
  }

  func test_chosenStacksWhoseReferenceWasNotChosen_stillCompareWithIt() async {
    let report = await ParityHarness().run([success], stacks: [.delegatesOn2x])
    XCTAssertEqual(report.rows.first?.cells.map(\.outcome), [.matched])
    XCTAssertEqual(report.rows.first?.cells.first?.reference, "0.x")
    XCTAssertNotNil(report.rows.first?.cells.first?.trace)
  }

  // MARK: Reports

  func test_textReport_isAMatrixWithALegendAndASummaryLine() async {
    let report = await ParityHarness().run([success], stacks: appStacks(token2x: "other"))
    let text = report.text()
    XCTAssertTrue(text.hasPrefix("stacks: 1 0.x app, 2 0.x delegate on 2.x, 3 0.x facade on 2.x, 4 1.x app, 5 1.x provider on 2.x, 6 2.x rewrite\n"), text)
    XCTAssertTrue(text.contains("\nsuccess   · = = = = ✗\n"), text)
    XCTAssertTrue(text.hasSuffix("1 scenarios × 6 stacks = 6 cells: 4 matched their reference, 1 differ, 0 failed"), text)
  }

  func test_jsonReport_followsItsSchema() async throws {
    let report = await ParityHarness().run([success], stacks: Array(appStacks().prefix(2)))
    let json = try JSONParser.parseObject(Data(report.json().utf8))
    XCTAssertEqual(json["schemaVersion"]?.intValue, 1)
    XCTAssertEqual(json["stacks"], ["0.x app", "0.x delegate on 2.x"])
    XCTAssertEqual(json["matched"]?.intValue, 1)
    XCTAssertEqual(json["scenarios"]?[0]?["cells"]?[1]?["outcome"]?.stringValue, "matched")
    XCTAssertEqual(json["scenarios"]?[0]?["cells"]?[1]?["reference"]?.stringValue, "0.x app")
    XCTAssertEqual(json["scenarios"]?[0]?["cells"]?[1]?["trace"]?["wire"]?[2]?.stringValue,
                   "step 1 · request 1 · header authorization: \(Redaction.secret("Bearer app-token"))")
    XCTAssertEqual(json["scenarios"]?[0]?["cells"]?[0]?["trace"]?["deliveries"]?[0]?.stringValue, "step 1 · 1 deliveries")
  }

  func test_markdownReport_isATable() async {
    let report = await ParityHarness().run([success], stacks: Array(appStacks().prefix(2)))
    XCTAssertTrue(report.markdown().hasPrefix("| scenario | 0.x app | 0.x delegate on 2.x |\n|---|---|---|\n| success | · | = |"))
  }

  // MARK: Cassettes

  func test_aCassette_roundTripsAndItsSecretsAreRedacted() throws {
    var request = URLRequest(url: URL(string: "https://api.example.com/graphql")!)
    request.httpMethod = "POST"
    request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
    request.httpBody = Data(#"{"query":"{ hero { name } }"}"#.utf8)
    let cassette = ParityCassette(
      scenario: "success", recordedFrom: URL(string: "https://api.example.com/graphql")!,
      exchanges: [.init(request: request, statusCode: 200, headers: ["Set-Cookie": "id=1", "Content-Type": "application/json"],
                        body: Data(#"{"data":{"hero":null}}"#.utf8))])
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
    XCTAssertFalse(text.contains("secret"), text)
    XCTAssertFalse(text.contains("id=1"), text)
    XCTAssertTrue(text.contains(#""authorization": "<redacted>""#), text)
    XCTAssertEqual(try ParityCassette(decoding: cassette.encoded(), source: "memory"), cassette)
  }

  /// Recorded live: the head and part of the body, then the connection dropped. The replay must drop it
  /// there too, not end the short body normally (which every stack would report as unparsable JSON).
  func test_aConnectionLostMidBody_isRecordedAndReplayedAsALostConnection() async throws {
    var request = URLRequest(url: URL(string: "https://api.example.com/graphql")!)
    request.httpMethod = "POST"
    let cassette = ParityCassette(
      scenario: "success", recordedFrom: URL(string: "https://api.example.com/graphql")!,
      exchanges: [.init(request: request, statusCode: 200, headers: ["Content-Type": "application/json"],
                        body: Data(#"{"data": {"hero""#.utf8), error: "The network connection was lost.")])
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
    XCTAssertTrue(text.contains(#""connectionLostMidBody": true"#), text)
    let decoded = try ParityCassette(decoding: cassette.encoded(), source: "memory")
    XCTAssertEqual(decoded.exchanges.first?.response?.connectionLostMidBody, true)
    var replayed = success
    replayed.replies = decoded.replies
    let trace = await ParityRunner().run(replayed, on: .native2x)
    XCTAssertEqual(trace.render(.deliveries), "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure transport(networkConnectionLost)")
  }

  func test_anUnreadableCassette_isATypedErrorSayingWhatIsWrong() {
    XCTAssertThrowsError(try ParityCassette(decoding: Data("[1]".utf8), source: "a.json")) { error in
      XCTAssertEqual(error as? ParityCassetteError, ParityCassetteError(file: "a.json", problem: "not a JSON object"))
    }
    XCTAssertThrowsError(try ParityCassette(decoding: Data(#"{"cassetteVersion":9}"#.utf8), source: "b.json")) { error in
      XCTAssertEqual((error as? ParityCassetteError)?.problem, "cassetteVersion must be 1")
    }
    // A body edited by hand into a JSON object is not read as an empty body (every stack would fail alike, and match).
    let objectBody = #"{"cassetteVersion":1,"scenario":"s","exchanges":[{"request":{},"response":{"status":200,"body":{"data":{}}}}]}"#
    XCTAssertThrowsError(try ParityCassette(decoding: Data(objectBody.utf8), source: "c.json")) { error in
      XCTAssertEqual((error as? ParityCassetteError)?.problem, "exchange 1: the response's body must be a string")
    }
    let library = ParityCassetteLibrary(directory: URL(fileURLWithPath: "/nonexistent-parity-cassettes"))
    XCTAssertThrowsError(try library.cassette(for: "success")) { error in
      XCTAssertEqual((error as? ParityCassetteError)?.problem, "cannot be read (record it first with --record)")
    }
  }

  func test_replayingACassette_drivesEveryStackWithTheRecordedAnswers() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parity-cassettes-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let library = ParityCassetteLibrary(directory: directory)
    let recorded = Data(#"{"data":{"hero":{"__typename":"Human","id":"1003","name":"Leia Organa"}}}"#.utf8)
    let file = #"{"cassetteVersion":1,"scenario":"success","recordedFrom":"https://x","exchanges":[{"request":{"method":"POST","url":"https://x","headers":{},"body":""},"response":{"status":200,"headers":{"content-type":"application/json"},"body":\#(JSONSerializer.string(.string(String(decoding: recorded, as: UTF8.self))))}}]}"#
    try library.write(try ParityCassette(decoding: Data(file.utf8), source: "inline"))
    let harness = ParityHarness(server: .replay(library))
    let trace = try await harness.trace(success, on: .builtIn(.native2x))
    XCTAssertTrue(trace.render(.deliveries).contains("Leia Organa"), trace.render(.deliveries))
    let report = await harness.run([success], stacks: [.native0x, .delegatesOn2x, .facade0xOn2x])
    XCTAssertTrue(report.allMatched, report.text())
  }
}

/// Swift Testing flavour of the assertion.
@Suite struct ExpectParityTests {
  @Test func test_aReportWithADifference_recordsAnIssueWithTheDifference() {
    let report = ParityReport(stacks: ["a", "b"], rows: [ParityReport.Row(scenario: "s", summary: "", cells: [
      ParityReport.Cell(stack: "a", outcome: .reference),
      ParityReport.Cell(stack: "b", outcome: .differed, reference: "a", difference: "deliveries, step 1: b has 'x', a has 'y'"),
    ])])
    withKnownIssue {
      expectParity(report)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("s | b · deliveries, step 1: b has 'x', a has 'y'") }
    }
  }

  @Test func test_aMatchingReport_recordsNothing() {
    expectParity(ParityReport(stacks: ["a", "b"], rows: [ParityReport.Row(scenario: "s", summary: "", cells: [
      ParityReport.Cell(stack: "a", outcome: .reference), ParityReport.Cell(stack: "b", outcome: .matched, reference: "a")])]))
  }

  /// A report that compared nothing (the reference alone) is not a match.
  @Test func test_aReportThatComparedNothing_recordsAnIssue() {
    withKnownIssue {
      expectParity(ParityReport(stacks: ["a"], rows: [ParityReport.Row(scenario: "s", summary: "", cells: [
        ParityReport.Cell(stack: "a", outcome: .reference)])]))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("nothing was compared") }
    }
  }
}

// MARK: An app's hooks, as an app would write them in each generation

/// 0.x: the token goes on in `willSend`.
private final class AppTokenDelegate: HTTPNetworkTransportPreflightDelegate {
  let token: String
  init(token: String) { self.token = token }
  func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool { true }
  func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
  }
}

/// 1.x: a token interceptor in front of the default list.
private final class AppTokenProviderV1: ApolloCallbackChain.DefaultInterceptorProvider, @unchecked Sendable {
  // @unchecked Sendable: `token` is immutable; the rest is the 1.x default provider.
  let token: String
  init(client: ApolloCallbackChain.URLSessionClient, store: ApolloStore, token: String) {
    self.token = token
    super.init(client: client, shouldInvalidateClientOnDeinit: false, store: store)
  }
  override func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    var list = super.interceptors(for: operation)
    list.insert(TokenV1(token: token), at: 0)
    return list
  }
}

private struct TokenV1: ApolloInterceptor {
  let token: String
  var id = "TokenV1"
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    request.addHeader(name: "Authorization", value: "Bearer \(token)")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// 2.x: a GraphQL interceptor added to the default provider.
private struct AppTokenProviderV2: ApolloAsyncChain.InterceptorProvider {
  let token: String
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    ApolloAsyncChain.DefaultInterceptorProvider.shared.graphQLInterceptors(for: operation) + [TokenV2(token: token)]
  }
}

private struct TokenV2: GraphQLInterceptor {
  let token: String
  func intercept<Request: GraphQLRequest>(request: Request, next: NextInterceptorFunction<Request>) async throws
    -> InterceptorResultStream<Request>
  {
    var request = request
    request.addHeader(name: "Authorization", value: "Bearer \(token)")
    return await next(request)
  }
}

private enum AppError: Error { case relabelled, expired }

/// 2.x: every error from the chain becomes the app's own.
private struct RelabellingProviderV2: ApolloAsyncChain.InterceptorProvider {
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    ApolloAsyncChain.DefaultInterceptorProvider.shared.graphQLInterceptors(for: operation) + [RelabelErrorsV2()]
  }
}

private struct RelabelErrorsV2: GraphQLInterceptor {
  func intercept<Request: GraphQLRequest>(request: Request, next: NextInterceptorFunction<Request>) async throws
    -> InterceptorResultStream<Request>
  {
    await next(request).mapErrors { _ in throw AppError.relabelled }
  }
}

/// 2.x: a hook that never lets the request go on and never ends.
private struct NeverEndingProviderV2: ApolloAsyncChain.InterceptorProvider {
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    [NeverEndingV2()]
  }
}

private struct NeverEndingV2: GraphQLInterceptor {
  func intercept<Request: GraphQLRequest>(request: Request, next: NextInterceptorFunction<Request>) async throws
    -> InterceptorResultStream<Request>
  {
    try await Task.sleep(for: .seconds(3600))
    return await next(request)
  }
}

/// 0.x: a retry delegate that never calls its continue handler.
private final class SilentRetryDelegate: HTTPNetworkTransportRetryDelegate {
  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                        response: URLResponse?, continueHandler: @escaping (HTTPNetworkTransport.ContinueAction) -> Void) {}
}
