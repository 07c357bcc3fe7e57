import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation

/// A whole 1.x `InterceptorProvider` as a 2.x `InterceptorProvider`.
///
/// | 1.x interceptor (detected by type) | 2.x stage | when it runs |
/// |---|---|---|
/// | `MaxRetryInterceptor` | 2.x `MaxRetryInterceptor`'s count and backoff behind a lock (`LockedMaxRetryInterceptor`), same configuration (limit, backoff) | GraphQL pre-flight, each attempt |
/// | `CacheReadInterceptor` | itself, at its position among the pre-flight ones (``CallbackCacheReadOnAsyncChain``); the 2.x cache stage then reads nothing | GraphQL pre-flight, in 1.x order |
/// | custom, before `NetworkFetchInterceptor` | ``CallbackInterceptorOnAsyncChain`` (`.beforeNetwork`) | GraphQL pre-flight, in 1.x order |
/// | `NetworkFetchInterceptor` | the 2.x session (the transport's `ApolloURLSession`) | — |
/// | `ResponseCodeInterceptor` | 2.x `ResponseCodeInterceptor` | HTTP stage, per chunk (an error status fails even with an empty body, as 1.x) |
/// | custom, between the fetch and the parser | an HTTP-stage hook: `rawData` set, `parsedResponse` nil; results and errors come back through the completion it passes on (`CallbackCompletionStageOnAsyncChain`) | HTTP stage, per chunk, in 1.x order |
/// | `MultipartResponseParsingInterceptor`, `JSONResponseParsingInterceptor`, `IncrementalJSONResponseParsingInterceptor` | 2.x `JSONResponseParsingInterceptor` | parser |
/// | custom, after the parser | ``CallbackInterceptorOnAsyncChain`` (`.afterParsing`): `parsedResponse` set; the completion it passes on hears of the result at the results stage (`CallbackCompletionStageOnAsyncChain`), after the stages after it | GraphQL post-flight, per server result, in 1.x order |
/// | `AutomaticPersistedQueryInterceptor` | 2.x `AutomaticPersistedQueryInterceptor` | GraphQL post-flight, at its 1.x position |
/// | `CacheWriteInterceptor` | after the parser: itself at its position among the post-flight ones (``CallbackCacheWriteOnAsyncChain``), so the records are written before any adapted completion hears of the result; elsewhere, the 2.x cache write | per server result |
/// | `additionalErrorInterceptor(for:)` | where an error first meets a completion an adapted interceptor passed on, else the first GraphQL interceptor's `mapErrors` (see `CallbackErrorInterceptorOnAsyncChain`) | per error, before the wrapping completions see it |
/// | `chain.retry(request:completion:)` (from any of them, or 2.x's persisted-query retry) | `RequestChain.Retry`; the next attempt's results go through `completion`, which runs this attempt's wrapping completions, as 1.x restarted its chain under it | per retry |
/// | `cancel()` of a custom interceptor that is `Cancellable` | called when the request's task is cancelled (the 1.x facade's `cancel()`, or the 2.x caller's) | once, while the attempt is inside `next` (a single response's whole request) or its later results are read (the parts of a multipart response, the network half of cache-and-network) |
///
/// Every 1.x interceptor runs on the chain's task (the caller's task-local values are visible), on
/// whatever thread that task is on: not on a `URLSessionClient` callback queue as in 1.x, so one that
/// touched UI because 1.x called it on the main queue must hop there itself. Completions of the 1.x
/// facade still run on the `callbackQueue` given to `send` (`HookExecutionContextTests`).
///
/// The 1.x provider is asked once per send (in ``graphQLInterceptors(for:)``), as 1.x asked it once per
/// `send`; retries reuse those instances. A send's 1.x code is called one piece at a time, under a lock of
/// that send's own, as 1.x's chain called it; two sends run side by side, as two 1.x chains did, so one
/// interceptor that blocks (waiting for the main queue, say) holds up only its own send, never another
/// send started meanwhile, on the main thread or elsewhere. An interceptor instance the provider hands to
/// several sends is called by them side by side, as in 1.x, where it had to be thread-safe too. Decisions where the 1.x list has no direct 2.x counterpart: without a `CacheReadInterceptor`
/// the cache is never read, without a `CacheWriteInterceptor` never written, and a list without
/// `NetworkFetchInterceptor` is all pre-flight (it still reaches the 2.x network if everything proceeds).
public final class CallbackProviderOnAsyncChain: ApolloAsyncChain.InterceptorProvider {
  private let provider: CallbackConfined<any V1InterceptorProvider>
  /// Serializes the calls into the 1.x provider itself (and into the facade's 1.x body creator), which every send
  /// shares. What the provider returns for a send is behind a lock of that send's own.
  let lock: CallbackLock
  private let normalizer: ResponseNormalizer
  /// How long one 1.x interceptor (or the error interceptor) may take to call onward before the request
  /// ends with ``CallbackInterceptorError/neverCalledOnward(interceptor:timeout:)``.
  public let interceptorTimeout: Duration

  /// Adapts `provider`.
  /// - Parameters:
  ///   - store: whose normalizer the 2.x parser uses (cache keys); pass the store the transport writes to.
  ///   - interceptorTimeout: how long a 1.x interceptor may go without calling onward; 60 s by default.
  public init(_ provider: any ApolloCallbackChain.InterceptorProvider, store: ApolloStore? = nil, interceptorTimeout: Duration = .seconds(60)) {
    let lock = CallbackLock()
    self.lock = lock
    self.provider = CallbackConfined(provider, lock: lock)
    self.normalizer = store?.normalizer ?? ResponseNormalizer()
    self.interceptorTimeout = interceptorTimeout
  }

  /// The first interceptor (error interceptor, send state), then the 1.x pre-flight interceptors in
  /// order, then the post-parser ones in reverse (2.x post-flight runs innermost first).
  public func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    // The provider is shared by every send; what it returns belongs to this send, behind a lock of the send's own.
    let (interceptors, errorInterceptor) = provider.withValue {
      ($0.interceptors(for: operation), $0.additionalErrorInterceptor(for: operation))
    }
    let lock = CallbackLock()
    return lock.withLock { () -> [any GraphQLInterceptor] in
      let errorName = errorInterceptor.map { V1InterceptorKind.name(of: type(of: $0)) } ?? "error interceptor"
      var plan = CallbackPlan(errorInterceptor: errorInterceptor.map { CallbackConfined($0, lock: lock) },
                              timeout: interceptorTimeout, lock: lock)
      plan.errorInterceptorName = errorName
      let kinds = V1InterceptorKind.of(interceptors)
      let fetchIndex = kinds.firstIndex { $0 == .networkFetch } ?? kinds.endIndex
      // Where 1.x's cache read answers hits, when it runs before the fetch: interceptors after it never saw them.
      let cacheReadIndex = kinds[..<fetchIndex].firstIndex { $0 == .cacheRead }
      let parserIndex = kinds[fetchIndex...].firstIndex { $0 == .jsonParser } ?? kinds.endIndex
      // The first interceptor goes in front once the plan is complete; post-flight ones are appended
      // in reverse at the end (2.x post-flight runs innermost first).
      var preflight: [any GraphQLInterceptor] = []
      preflight.reserveCapacity(interceptors.count + 1)
      var postflight: [any GraphQLInterceptor] = []
      for (index, interceptor) in interceptors.enumerated() {
        switch kinds[index] {
        case .maxRetry:
          guard let maxRetry = interceptor as? V1MaxRetryInterceptor else { continue }
          let c = maxRetry.configuration
          preflight.append(LockedMaxRetryInterceptor(configuration: .init(
            maxRetries: c.maxRetries, baseDelay: c.baseDelay, multiplier: c.multiplier, maxDelay: c.maxDelay,
            enableExponentialBackoff: c.enableExponentialBackoff, enableJitter: c.enableJitter)))
        case .cacheRead:
          // The 2.x cache stage still reads for a 2.x NetworkFirst request (no 1.x policy says that).
          plan.readsCache = true
          if index < fetchIndex {
            let confined = CallbackConfined(interceptor, lock: lock)
            preflight.append(CallbackCacheReadOnAsyncChain(turn: CallbackInterceptorOnAsyncChain(
              confined: confined, name: V1InterceptorKind.name(of: type(of: interceptor)), position: .beforeNetwork, plan: plan,
              cacheResults: .drop)))
          }
        case .cacheWrite:
          plan.writesCache = true
          // After the parser (its 1.x place): written there, before any adapted completion hears of the result.
          if index > parserIndex, let cacheWrite = interceptor as? ApolloCallbackChain.CacheWriteInterceptor {
            postflight.append(CallbackCacheWriteOnAsyncChain(store: cacheWrite.store))
          }
        case .networkFetch, .multipartParser, .jsonParser:
          break
        case .responseCode:
          plan.httpSteps.append(.responseCode)
        case .automaticPersistedQuery:
          if index < fetchIndex { preflight.append(ApolloAsyncChain.AutomaticPersistedQueryInterceptor()) }
          else { postflight.append(ApolloAsyncChain.AutomaticPersistedQueryInterceptor()) }
        case .custom:
          let name = V1InterceptorKind.name(of: type(of: interceptor))
          let confined = CallbackConfined(interceptor, lock: lock)
          if index < fetchIndex {
            let afterCacheRead = cacheReadIndex.map { index > $0 } ?? false
            preflight.append(CallbackInterceptorOnAsyncChain(confined: confined, name: name, position: .beforeNetwork, plan: plan,
                                                             cacheResults: afterCacheRead ? .passBy : .forward))
          } else if index < parserIndex {
            plan.httpSteps.append(.hook(confined, name: name))
          } else {
            plan.hasAfterParsingHooks = true
            // Recorded after every HTTP-stage position, in 1.x order, for the results stage.
            postflight.append(CallbackInterceptorOnAsyncChain(confined: confined, name: name, position: .afterParsing, plan: plan,
                                                              resultsPosition: interceptors.count + index))
          }
        }
      }
      // 1.x's chain.cancel() called cancel() on each interceptor that is Cancellable (a Sendable protocol, so
      // they are called from the cancelling thread without the lock, as 1.x did).
      let cancellables = zip(interceptors, kinds).compactMap { interceptor, kind in
        kind == .custom ? interceptor as? any ApolloCore.Cancellable : nil
      }
      preflight.insert(CallbackErrorInterceptorOnAsyncChain(plan: plan, errorInterceptorName: errorName,
                                                            cancellables: cancellables), at: 0)
      // Between the two: the results stage hands results to the completions of the interceptors after the parser,
      // then after the fetch, once every post-flight stage has run, and the pre-flight ones' come after, as in 1.x.
      if plan.hasHTTPHooks || plan.hasAfterParsingHooks { preflight.append(CallbackCompletionStageOnAsyncChain()) }
      preflight.append(contentsOf: postflight.reversed())
      return preflight
    }
  }

  /// The 2.x cache stage, reading only when the 1.x list had a `CacheReadInterceptor`.
  public func cacheInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> any CacheInterceptor {
    CallbackCacheStageOnAsyncChain()
  }

  /// One HTTP interceptor that runs the send's 1.x HTTP-stage hooks and `ResponseCodeInterceptor` in 1.x order.
  public func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
    [CallbackHTTPStageOnAsyncChain()]
  }

  /// The 2.x parser, with the store's normalizer; it covers the three 1.x parsing interceptors.
  public func responseParser<Operation: GraphQLOperation>(for operation: Operation) -> any ResponseParsingInterceptor {
    ApolloAsyncChain.JSONResponseParsingInterceptor(normalizer: normalizer)
  }
}

/// Which stock 1.x interceptor a value is, if any. The casts look at the dynamic type only, so the
/// answer is worked out once per type and remembered: the provider sorts every send's interceptors,
/// and the casts and type names cost more than the rest of the sorting.
enum V1InterceptorKind: Sendable, Equatable {
  case maxRetry, cacheRead, cacheWrite, networkFetch, multipartParser, jsonParser, responseCode, automaticPersistedQuery
  case custom

  private static let known = Mutex<[ObjectIdentifier: V1InterceptorKind]>([:])
  private static let names = Mutex<[ObjectIdentifier: String]>([:])

  /// The kinds of a whole list, under one lock for the types already seen.
  static func of(_ interceptors: [any ApolloInterceptor]) -> [V1InterceptorKind] {
    let remembered = known.withLock { known in
      interceptors.map { known[ObjectIdentifier(type(of: $0))] }
    }
    return zip(interceptors, remembered).map { interceptor, kind in kind ?? of(interceptor) }
  }

  static func of(_ interceptor: any ApolloInterceptor) -> V1InterceptorKind {
    let key = ObjectIdentifier(type(of: interceptor))
    if let kind = known.withLock({ $0[key] }) { return kind }
    let kind: V1InterceptorKind
    switch interceptor {
    case is V1MaxRetryInterceptor: kind = .maxRetry
    case is CacheReadInterceptor: kind = .cacheRead
    case is CacheWriteInterceptor: kind = .cacheWrite
    case is NetworkFetchInterceptor: kind = .networkFetch
    case is MultipartResponseParsingInterceptor: kind = .multipartParser
    case is ApolloCallbackChain.JSONResponseParsingInterceptor, is IncrementalJSONResponseParsingInterceptor: kind = .jsonParser
    case is ApolloCallbackChain.ResponseCodeInterceptor: kind = .responseCode
    case is ApolloCallbackChain.AutomaticPersistedQueryInterceptor: kind = .automaticPersistedQuery
    default: kind = .custom
    }
    known.withLock { $0[key] = kind }
    return kind
  }

  /// `String(describing: type)`, remembered per type: it goes through reflection every time.
  static func name(of type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let name = names.withLock({ $0[key] }) { return name }
    let name = String(describing: type)
    names.withLock { $0[key] = name }
    return name
  }
}
