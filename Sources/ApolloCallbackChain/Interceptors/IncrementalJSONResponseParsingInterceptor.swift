import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Parses the responses of an `@defer` operation: the first one like ``JSONResponseParsingInterceptor``,
/// each later one merged into it, proceeding every time with the cumulative result (1.14+).
///
/// Understands both `@defer` wire formats (see the core's `IncrementalResponseMerger`). Upstream kept its
/// state forever, so after a `retry` the new initial response failed; this one starts over when a new
/// HTTP response arrives (parts of one response share their `HTTPURLResponse`).
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use the built-in stages of ApolloAsyncChain.DefaultInterceptorProvider; until then ApolloMigration.CallbackProviderOnAsyncChain maps this interceptor to its 2.x stage")
#endif
public struct IncrementalJSONResponseParsingInterceptor: ApolloInterceptor {
  /// Why an `@defer` response could not become a result.
  public enum ParsingError: Error, LocalizedError {
    /// The interceptor ran before the network step produced a response: the interceptors are in the wrong order.
    case noResponseToParse
    /// The body (or a part's body) is not a JSON object; `data` is what arrived.
    case couldNotParseToJSON(data: Data)
    /// An incremental payload arrived for a different operation's data type than the one this interceptor
    /// started with (one interceptor value was shared between operations).
    case mismatchedCurrentResultType
    /// A later payload has none of `incremental`, `completed` and `pending`, or could not be merged into the
    /// result so far; `json` is the payload.
    case couldNotParseIncrementalJSON(json: JSON)

    public var errorDescription: String? {
      switch self {
      case .noResponseToParse:
        return "The JSON response parsing interceptor was called before a response was received. Double-check the order of your interceptors."
      case .couldNotParseToJSON(let data):
        return UnparsableBodyDescription.text(for: data)
      case .mismatchedCurrentResultType:
        return "Partial result type operation does not match incremental result type operation."
      case .couldNotParseIncrementalJSON(let json):
        return "Could not parse incremental values - got \(json)."
      }
    }
  }

  /// State shared by the copies of one interceptor value, as upstream's class storage was.
  private final class Storage: @unchecked Sendable {
    // @unchecked Sendable: every field is accessed inside `lock` (a Mutex).
    struct State {
      /// The response whose first payload started the state. Weak, and compared by identity: an `ObjectIdentifier`
      /// could be reused by the next response.
      weak var httpResponse: HTTPURLResponse?
      /// Counted up at each start: a reading of an earlier response is not kept for this one.
      var response = 0
      var dataType: ObjectIdentifier?
      /// The merger, and the reading of the latest part, which the next part's increments may be read into.
      var parts = DeferredParts()
      var started = false
    }
    let lock = Mutex(State())
  }

  private let storage = Storage()
  let normalizer: ResponseNormalizer
  public var id: String = InterceptorID.next()

  /// Parses with a default normalizer: the schema's cache keys, else response paths, and no app key rule
  /// (``init(normalizer:)`` takes the store's, which may have one).
  public init() {
    self.normalizer = ResponseNormalizer()
  }

  /// Parses with the store's normalizer.
  public init(normalizer: ResponseNormalizer) {
    self.normalizer = normalizer
  }

  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard let response else {
      chain.handleErrorAsync(ParsingError.noResponseToParse, request: request, response: nil, completion: completion)
      return
    }
    // A multipart part arrives with the object its bytes parse to (`rawDataObject`), unless an interceptor
    // changed `rawData` since.
    guard let object = response.rawDataObject ?? (try? JSONParser.parseObject(response.rawData)) else {
      chain.handleErrorAsync(ParsingError.couldNotParseToJSON(data: response.rawData), request: request,
                             response: response, completion: completion)
      return
    }
    // The reading of the part before, when this one brings increments at known paths; which change this part is.
    var previous: ParsedBody<Operation>?
    var count = 0
    var responseNumber = 0
    let paths = IncrementalResponseMerger.incrementPaths(of: object)
    // A first payload (its `data`, or a plain JSON body) of another response starts over: a retry's new response.
    // The parts after it add to it, even when an interceptor before this one gave a part a new `HTTPURLResponse`.
    let isFirstPayload = object["data"] != nil || object["hasNext"] == nil
    let outcome = Result<GraphQLResponseBody?, any Error> {
      try storage.lock.withLock { state in
        if isFirstPayload && state.started && state.httpResponse !== response.httpResponse {
          state = Storage.State(response: state.response + 1)
        }
        if !state.started { state.httpResponse = response.httpResponse }
        responseNumber = state.response
        let dataType = ObjectIdentifier(Operation.Data.self)
        guard state.started else {
          state.started = true
          state.dataType = dataType
          guard object["hasNext"] != nil else { return GraphQLResponseBody(object) }
          // A first response of nothing but `hasNext` carries no result, and nothing after it has one to add to:
          // an error, so the caller is not left waiting for a result that never comes.
          guard case .updated(let body, let change, _) = try state.parts.merge(object) else {
            throw ParsingError.couldNotParseIncrementalJSON(json: .object(object))
          }
          count = change
          return body
        }
        guard state.dataType == dataType else { throw ParsingError.mismatchedCurrentResultType }
        guard object["incremental"] != nil || object["completed"] != nil || object["pending"] != nil else {
          throw ParsingError.couldNotParseIncrementalJSON(json: .object(object))
        }
        do {
          guard case .updated(let body, let change, let earlier) = try state.parts.merge(object) else { return nil }
          count = change
          if paths != nil { previous = earlier as? ParsedBody<Operation> }
          return body
        } catch {
          throw ParsingError.couldNotParseIncrementalJSON(json: .object(object))
        }
      }
    }
    do {
      guard let body = try outcome.get() else { return }
      let parsed = try ParsedBody(body, operation: request.operation, cachePolicy: request.cachePolicy, normalizer: normalizer,
                                  after: previous, incrementsAt: paths)
      if count > 0 {
        storage.lock.withLock { state in
          if state.response == responseNumber { state.parts.keep(parsed, readAfter: count) }
        }
      }
      response.parsedResponse = parsed.result
      response.cacheRecords = parsed.records
    } catch {
      chain.handleErrorAsync(error, request: request, response: response, completion: completion)
      return
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}
