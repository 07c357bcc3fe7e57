import Foundation

/// Parses a JSON response body into `response.parsedResponse` and its normalized records into
/// `response.cacheRecords`, then proceeds with the same response.
///
/// It ignores the HTTP status and `Content-Type` (`ResponseCodeInterceptor` checks the status), and a body
/// with `errors` and no `data` is a success, as upstream. Under `fetchIgnoringCacheCompletely` no records
/// or dependent keys are produced.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use the built-in stages of ApolloAsyncChain.DefaultInterceptorProvider; until then ApolloMigration.CallbackProviderOnAsyncChain maps this interceptor to its 2.x stage")
#endif
public struct JSONResponseParsingInterceptor: ApolloInterceptor {
  /// Why a response could not become a result.
  public enum JSONResponseParsingError: Error, LocalizedError {
    /// The interceptor ran before the network step produced a response: the interceptors are in the wrong order.
    case noResponseToParse
    /// The body is not a JSON object; `data` is the body as it arrived.
    case couldNotParseToJSON(data: Data)

    public var errorDescription: String? {
      switch self {
      case .noResponseToParse:
        return "The Codable Parsing Interceptor was called before a response was received to be parsed. Double-check the order of your interceptors."
      case .couldNotParseToJSON(let data):
        return UnparsableBodyDescription.text(for: data)
      }
    }
  }

  let normalizer: ResponseNormalizer
  public var id: String = InterceptorID.next()

  /// Parses with a default normalizer: the schema's cache keys, else response paths, and no app key rule
  /// (``init(normalizer:)`` takes the store's, which may have one).
  public init() {
    self.normalizer = ResponseNormalizer()
  }

  /// Parses with the store's normalizer, so records get the store's cache keys.
  public init(normalizer: ResponseNormalizer) {
    self.normalizer = normalizer
  }

  /// The 0.34–1.0 spelling, which took the cache-key rule.
  @available(*, deprecated, message: "Use init() or init(normalizer:); cache keys come from the store's ResponseNormalizer.")
  public init(cacheKeyForObject: CacheKeyForObject?) {
    self.normalizer = cacheKeyForObject.map { ResponseNormalizer(cacheKeyForObject: $0) } ?? ResponseNormalizer()
  }

  /// The 0.34–1.0 spelling with an untyped key rule (`{ $0["id"] }`); the key is the value's text.
  @available(*, deprecated, message: "Use init() or init(normalizer:); cache keys come from the store's ResponseNormalizer.")
  public init(cacheKeyForObject: @escaping @Sendable (_ object: [String: Any]) -> Any?) {
    self.normalizer = ResponseNormalizer(foundationRule: FoundationKeyRule(cacheKeyForObject))
  }

  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard let response else {
      chain.handleErrorAsync(JSONResponseParsingError.noResponseToParse, request: request, response: nil,
                             completion: completion)
      return
    }
    // A multipart part arrives with the object its bytes parse to (`rawDataObject`), unless an interceptor
    // changed `rawData` since.
    guard let object = response.rawDataObject ?? (try? JSONParser.parseObject(response.rawData)) else {
      chain.handleErrorAsync(JSONResponseParsingError.couldNotParseToJSON(data: response.rawData), request: request,
                             response: response, completion: completion)
      return
    }
    do {
      // As 1.x: a member of the wrong type (`"errors": {…}` from a non-compliant gateway) reads as absent.
      let body = GraphQLResponseBody(object)
      let parsed = try ParsedBody(body, operation: request.operation, cachePolicy: request.cachePolicy, normalizer: normalizer)
      response.parsedResponse = parsed.result
      response.cacheRecords = parsed.records
    } catch {
      chain.handleErrorAsync(error, request: request, response: response, completion: completion)
      return
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}
