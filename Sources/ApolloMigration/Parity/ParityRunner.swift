import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs scenarios through stacks and records their traces.
///
/// Each run gets a fresh ``ScriptedServer`` playing the scenario's replies, a fresh store and fresh
/// hook state. Callback call surfaces deliver on a private serial queue; a step of theirs is over once
/// nothing new (delivery, request, hook call) happened for ``settle`` plus the longest pause among the
/// scenario's replies (a delayed head, the gaps between multipart parts). Async call surfaces end
/// exactly, when their stream does. A step that has not ended after ``timeout`` is cancelled and records
/// a `timeout` failure as its last delivery.
public struct ParityRunner: Sendable {
  /// How long a callback stack must stay quiet before its step counts as finished.
  public var settle: Duration
  /// The longest a step may take.
  public var timeout: Duration
  /// The endpoint the stacks are configured with; the scripted server answers any URL.
  public var endpoint: URL

  /// A runner; `settle` is how long to wait after a step for late deliveries (a completion that must not
  /// come), `timeout` how long a step may take before it is cancelled and recorded as a `timeout` failure.
  public init(settle: Duration = .milliseconds(60), timeout: Duration = .seconds(10),
              endpoint: URL = URL(string: "http://parity.invalid/graphql") ?? URL(fileURLWithPath: "/graphql")) {
    self.settle = settle
    self.timeout = timeout
    self.endpoint = endpoint
  }

  /// Runs `scenario` through `stack`, its replies played by an in-process ``ScriptedServer``.
  public func run(_ scenario: ParityScenario, on stack: ParityStack) async -> ParityTrace {
    await run(scenario, on: .builtIn(stack))
  }

  /// Runs `scenario` through a stack of the app's own hooks, its replies played by an in-process
  /// ``ScriptedServer``.
  public func run(_ scenario: ParityScenario, on stack: ParityStackDefinition) async -> ParityTrace {
    let server = ScriptedServer(responses: scenario.replies.map(\.scripted))
    // The scripted server's log is in memory: reading it cannot fail, so neither can this run.
    return await run(scenario, on: stack, sessions: .scripted(server), endpoint: endpoint,
                     requestCount: { server.requests.count }, requests: { server.requests })
  }

  /// Runs `scenario` through `stack` over real HTTP: TestServer at `server` (e.g. `http://127.0.0.1:4010`)
  /// plays the replies on its `/scripted` route, and each generation loads through its own
  /// `URLSession` client. Headers the HTTP stack adds by itself (`Host`, `User-Agent`, …) are left out
  /// of the trace. Use a longer ``settle`` than in process: requests are not seen until a step ends.
  ///
  /// - Throws: the `URLError` when the server cannot be reached; ``ParityLiveServerError`` when it does
  ///   not take the script (it is not TestServer) or when a reply cannot be played over HTTP (a failure
  ///   before any response); `JSONParsingError` when its request log is not JSON.
  public func run(_ scenario: ParityScenario, on stack: ParityStack, overHTTPAt server: URL) async throws -> ParityTrace {
    try await run(scenario, on: .builtIn(stack), overHTTPAt: server)
  }

  /// ``run(_:on:overHTTPAt:)`` for a stack of the app's own hooks.
  public func run(_ scenario: ParityScenario, on stack: ParityStackDefinition, overHTTPAt server: URL) async throws -> ParityTrace {
    let live = ParityLiveServer(base: server)
    try await live.load(scenario.replies)
    return try await run(scenario, on: stack, sessions: .live(), endpoint: live.endpoint,
                         requestCount: { 0 }, requests: { try await live.requests() })
  }

  /// Runs `scenario` through `stack` against a real GraphQL endpoint: the scenario's replies are
  /// ignored, every generation loads through one recording `URLSession` (0.x and 1.x through their
  /// streaming clients). Pair it with ``record(_:on:from:)`` to keep the server's answers.
  public func run(_ scenario: ParityScenario, on stack: ParityStackDefinition, againstLiveEndpoint endpoint: URL) async throws
    -> ParityTrace
  {
    try await record(scenario, on: stack, from: endpoint).trace
  }

  /// Runs `scenario` through `stack` against a real endpoint and returns the trace with a cassette of
  /// the server's answers (secrets redacted), for ``ParityHarness/Server/replay(_:)``.
  public func record(_ scenario: ParityScenario, on stack: ParityStackDefinition, from endpoint: URL) async throws
    -> (trace: ParityTrace, cassette: ParityCassette)
  {
    let session = ParityRecordingSession()
    let trace = await run(scenario, on: stack, sessions: .recording(session), endpoint: endpoint,
                              requestCount: { session.exchanges.count },
                              requests: { session.exchanges.enumerated().map { ScriptedRequest(recorded: $1.request, sequenceNumber: $0 + 1) } })
    return (trace, ParityCassette(scenario: scenario.name, recordedFrom: endpoint, exchanges: session.exchanges))
  }

  /// Whether every reply of `scenario` can be played over real HTTP.
  public static func canRunOverHTTP(_ scenario: ParityScenario) -> Bool {
    ParityLiveServer.script(for: scenario.replies) != nil
  }

  private func run(
    _ scenario: ParityScenario, on stack: ParityStackDefinition, sessions: ParitySessions, endpoint: URL,
    requestCount: @escaping @Sendable () -> Int, requests: () async throws -> [ScriptedRequest]
  ) async rethrows -> ParityTrace {
    let cache = InMemoryNormalizedCache()
    let store = ApolloStore(cache: cache)
    let state = ParityHookState(hooks: scenario.hooks)
    let queue = DispatchQueue(label: "ParityRunner.\(stack.name)")
    let client = stack.make(ParityStackContext(
      endpoint: endpoint, store: store, callbackQueue: queue, options: scenario.transport, sessions: sessions, state: state))
    var trace = ParityTrace()
    var requestsBefore = 0
    // A callback step is over after `settle` without news, counted past the longest pause the server makes.
    let quiet = settle + (scenario.replies.map(\.longestPause).max() ?? .zero)
    for step in scenario.steps {
      let callsBefore = state.calls.count
      let deliveries = await issue(step, on: client, queue: queue, requestCount: requestCount, state: state, quiet: quiet)
      let received = try await requests()
      var recorded = ParityTrace.Step()
      recorded.requests = received.dropFirst(requestsBefore).map(ParityWireRequest.init)
      requestsBefore = received.count
      recorded.hookCalls = Array(state.calls.dropFirst(callsBefore))
      recorded.deliveries = deliveries
      trace.steps.append(recorded)
    }
    trace.storeRecords = cache.allRecords.mapValues { record in record.fields.mapValues(Self.render) }
    withExtendedLifetime(client) {}
    return trace
  }

  private func issue(_ step: ParityStep, on client: ParityClient, queue: DispatchQueue,
                     requestCount: @escaping @Sendable () -> Int, state: ParityHookState,
                     quiet: Duration) async -> [ParityDelivery] {
    switch client {
    case .v0(let v0, _):
      return await collectCallbacks(step, requestCount: requestCount, state: state, quiet: quiet) { deliver in
        step.operation.issueOn0x(v0, step.cachePolicy, queue, deliver)
      }
    case .v1(let v1, _):
      return await collectCallbacks(step, requestCount: requestCount, state: state, quiet: quiet) { deliver in
        step.operation.issueOn1x(v1, step.cachePolicy, queue, deliver)
      }
    case .v2(let v2, _):
      return await collectStream(step) { try step.operation.issueOn2x(v2, step.cachePolicy) }
    }
  }

  private func collectCallbacks(
    _ step: ParityStep, requestCount: @Sendable () -> Int, state: ParityHookState, quiet: Duration,
    issue: (@escaping @Sendable (ParityDelivery) -> Void) -> any Cancellable
  ) async -> [ParityDelivery] {
    let deliveries = Mutex<[ParityDelivery]>([])
    let cancellable = issue { delivery in deliveries.withLock { $0.append(delivery) } }
    let clock = ContinuousClock()
    let start = clock.now
    var cancelled = false
    var signature = (-1, -1, -1)
    var lastChange = start
    var settled = false
    while clock.now - start < timeout {
      if let cancelAfter = step.cancelAfter, !cancelled, clock.now - start >= cancelAfter {
        cancellable.cancel()
        cancelled = true
        lastChange = clock.now
      }
      try? await Task.sleep(for: .milliseconds(2))
      let now = (deliveries.withLock { $0.count }, requestCount(), state.calls.count)
      if now != signature {
        signature = now
        lastChange = clock.now
      }
      let waitingForCancel = step.cancelAfter != nil && !cancelled
      if !waitingForCancel, now.0 > 0 || cancelled, clock.now - lastChange >= quiet {
        settled = true
        break
      }
    }
    guard settled else {
      // A hook that never called back (or a request that never ended): stop it, and say so in the trace.
      if !cancelled { cancellable.cancel() }
      return deliveries.withLock { $0 + [.failure(Self.timedOut(after: timeout))] }
    }
    return deliveries.withLock { $0 }
  }

  /// What a step records when it did not finish within ``timeout``.
  static func timedOut(after timeout: Duration) -> ParityFailure {
    ParityFailure(category: "timeout", detail: "no end within \(timeout)")
  }

  private func collectStream(
    _ step: ParityStep, start: @escaping @Sendable () throws -> AsyncThrowingStream<ParityDelivery, any Error>
  ) async -> [ParityDelivery] {
    let deliveries = Mutex<[ParityDelivery]>([])
    let timeout = self.timeout
    let task = Task {
      do {
        for try await delivery in try start() { deliveries.withLock { $0.append(delivery) } }
      } catch {
        deliveries.withLock { $0.append(.failure(ParityFailure(error))) }
      }
    }
    let timedOut = Mutex(false)
    let limit = Task {
      guard (try? await Task.sleep(for: step.cancelAfter ?? timeout)) != nil else { return }
      if step.cancelAfter == nil { timedOut.withLock { $0 = true } }
      task.cancel()
    }
    await task.value
    limit.cancel()
    if timedOut.withLock({ $0 }) {
      // The stream did not end by itself: whatever ending the cancellation produced is not the stack's.
      return deliveries.withLock { list in
        if case .failure(let failure)? = list.last, failure.category == "cancelled" { list.removeLast() }
        return list + [.failure(Self.timedOut(after: timeout))]
      }
    }
    // Whether a stream the caller cancelled ends quietly or with `CancellationError` depends on where
    // the cancel lands; the caller asked for it, so it is not a delivery.
    return deliveries.withLock { list in
      if step.cancelAfter != nil, case .failure(let failure)? = list.last, failure.category == "cancelled" { list.removeLast() }
      return list
    }
  }

  private static func render(_ value: RecordValue) -> String {
    switch value {
    case .value(let json): return JSONSerializer.string(json, sortedKeys: true)
    case .reference(let key): return "→\(key)"
    case .list(let values): return "[" + values.map(render).joined(separator: ",") + "]"
    }
  }
}

/// The client a stack is called through, with whatever must stay alive beside it.
enum ParityClient {
  case v0(V0Client, keepAlive: [any Sendable])
  case v1(V1Client, keepAlive: [any Sendable])
  case v2(V2Client, keepAlive: [any Sendable])
}

extension ParityWireRequest {
  /// The request as the scripted server received it, split into hook and engine parts.
  init(_ request: ScriptedRequest) {
    var headers: [String: String] = [:]
    var engineHeaders: [String: String] = [:]
    for (name, value) in request.urlRequest.allHTTPHeaderFields ?? [:] {
      let lowered = name.lowercased()
      // A multipart boundary is random per request.
      let stable = value.hasPrefix("multipart/form-data") ? "multipart/form-data; boundary=<boundary>" : value
      if ParityWireDialect.engineHeaderNames.contains(lowered) {
        engineHeaders[lowered] = stable
      } else {
        headers[lowered] = stable
      }
    }
    var components = request.urlRequest.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
    // A GET's GraphQL parameters are compared as its body; any other query item (one a hook added, on any
    // method) stays in the URL.
    let kept = components?.queryItems?.filter { request.method != "GET" || !Self.graphQLParameters.contains($0.name) }
    components?.queryItems = kept?.isEmpty == false ? kept : nil
    let uploadOperations = Self.uploadOperations(of: request.urlRequest)
    if request.graphQLBody == nil, uploadOperations == nil, let raw = request.urlRequest.httpBody, !raw.isEmpty {
      // Not JSON (compressed, another format): compared by its size and a fingerprint of its bytes.
      let fingerprint = SHA256.hexString(SHA256.hash(raw).prefix(4))
      self.init(method: request.method, url: components?.string ?? "", headers: headers, engineHeaders: engineHeaders,
                body: "<\(raw.count) bytes, not JSON, sha256 \(fingerprint)…>", engineBody: "")
      return
    }
    var body = request.graphQLBody ?? uploadOperations ?? [:]
    // The server reads every query item of a GET into its body; the ones that are not GraphQL's are in the URL.
    if request.method == "GET" { body = body.filter { Self.graphQLParameters.contains($0.key) } }
    var engineBody = ""
    if let library = Self.removeClientLibrary(from: &body) {
      engineBody = JSONSerializer.string(.object(["clientLibrary": library]), sortedKeys: true)
    } else if case .object(var operations)? = body["operations"], let library = Self.removeClientLibrary(from: &operations) {
      body["operations"] = .object(operations)
      engineBody = JSONSerializer.string(.object(["clientLibrary": library]), sortedKeys: true)
    }
    self.init(method: request.method, url: components?.string ?? "", headers: headers, engineHeaders: engineHeaders,
              body: JSONSerializer.string(.object(body), sortedKeys: true), engineBody: engineBody)
  }

  /// The query items a GET request carries its GraphQL body in.
  private static let graphQLParameters: Set<String> = ["query", "operationName", "variables", "extensions"]

  /// Takes `extensions.clientLibrary` out of a body, dropping `extensions` when nothing else is in it.
  private static func removeClientLibrary(from body: inout JSON.Object) -> JSON? {
    guard case .object(var extensions)? = body["extensions"], let library = extensions.removeValue(forKey: "clientLibrary")
    else { return nil }
    body["extensions"] = extensions.isEmpty ? nil : .object(extensions)
    return library
  }

  /// The `operations` and `map` parts of a GraphQL multipart request.
  private static func uploadOperations(of request: URLRequest) -> JSON.Object? {
    guard let data = request.httpBody, let text = String(data: data, encoding: .utf8) else { return nil }
    var result: JSON.Object = [:]
    for name in ["operations", "map"] {
      guard let start = text.range(of: "name=\"\(name)\"") else { continue }
      let rest = text[start.upperBound...]
      guard let bodyStart = rest.range(of: "\r\n\r\n"), let bodyEnd = rest[bodyStart.upperBound...].range(of: "\r\n--")
      else { continue }
      let part = String(rest[bodyStart.upperBound..<bodyEnd.lowerBound])
      result[name] = (try? JSONParser.parse(Data(part.utf8))) ?? .string(part)
    }
    return result.isEmpty ? nil : result
  }
}
