import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request whose body is JSON (POST) or query items (GET), with the automatic persisted query flags.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain's JSONRequest/UploadRequest/HTTPResponse; until then ApolloMigration.CallbackProviderOnAsyncChain hands 1.x interceptors this type on the 2.x chain")
#endif
open class JSONRequest<Operation: GraphQLOperation>: HTTPRequest<Operation> {
  /// Builds the body's members (operation name, variables, query or persisted-query hash).
  public let requestBodyCreator: any RequestBodyCreator
  /// Whether to send the query's hash first and the document only when the server asks for it.
  public let autoPersistQueries: Bool
  /// Whether queries go as GET with query items; mutations always POST.
  public let useGETForQueries: Bool
  /// Whether automatic persisted queries go as GET: the hash-only first attempt and the retry that adds the
  /// document (otherwise the retry is a POST).
  public let useGETForPersistedQueryRetry: Bool
  /// Whether the body carries `extensions.clientLibrary` (the library's name and version, 1.21+).
  public let sendEnhancedClientAwareness: Bool

  /// Set by `AutomaticPersistedQueryInterceptor` before it retries with the document; drops the cached body.
  public var isPersistedQueryRetry: Bool = false {
    didSet { cachedBody = nil }
  }

  private var cachedBody: JSON.Object?

  /// The body, built on first access and then cached: later changes to `operation` are not reflected,
  /// as upstream; only `isPersistedQueryRetry` rebuilds it.
  public var body: JSON.Object {
    if let cachedBody { return cachedBody }
    let body = createBody()
    cachedBody = body
    return body
  }

  /// Note the order: `operation` before `graphQLEndpoint`, unlike `HTTPRequest`.
  public init(operation: Operation,
              graphQLEndpoint: URL,
              contextIdentifier: UUID? = nil,
              clientName: String,
              clientVersion: String,
              additionalHeaders: [String: String] = [:],
              cachePolicy: CachePolicy = .default,
              context: (any RequestContext)? = nil,
              autoPersistQueries: Bool = false,
              useGETForQueries: Bool = false,
              useGETForPersistedQueryRetry: Bool = false,
              requestBodyCreator: any RequestBodyCreator = ApolloRequestBodyCreator(),
              sendEnhancedClientAwareness: Bool = true) {
    self.autoPersistQueries = autoPersistQueries
    self.useGETForQueries = useGETForQueries
    self.useGETForPersistedQueryRetry = useGETForPersistedQueryRetry
    self.requestBodyCreator = requestBodyCreator
    self.sendEnhancedClientAwareness = sendEnhancedClientAwareness
    super.init(graphQLEndpoint: graphQLEndpoint, operation: operation, contextIdentifier: contextIdentifier,
               contentType: "application/json", clientName: clientName, clientVersion: clientVersion,
               additionalHeaders: additionalHeaders, cachePolicy: cachePolicy, context: context)
  }

  /// What the body carries for this attempt.
  private var bodyFlags: (sendQueryDocument: Bool, autoPersistQuery: Bool) {
    switch Operation.operationType {
    case .subscription: return (true, false)
    case .query, .mutation:
      return isPersistedQueryRetry ? (true, true) : (!autoPersistQueries, autoPersistQueries)
    }
  }

  private func createBody() -> JSON.Object {
    let flags = bodyFlags
    var body = requestBodyCreator.jsonBody(
      for: operation, sendQueryDocument: flags.sendQueryDocument, autoPersistQuery: flags.autoPersistQuery)
    if sendEnhancedClientAwareness {
      Constants.clientLibrary.add(to: &body)
    }
    return body
  }

  /// Whether this attempt goes out as GET: only queries; on the persisted-query retry only
  /// `useGETForPersistedQueryRetry` decides; the first attempt is GET with `useGETForQueries`, or when
  /// it is a hash-only persisted query and `useGETForPersistedQueryRetry` is set.
  private var usesGET: Bool {
    guard Operation.operationType == .query else { return false }
    if isPersistedQueryRetry { return useGETForPersistedQueryRetry }
    return useGETForQueries || (autoPersistQueries && useGETForPersistedQueryRetry)
  }

  open override func toURLRequest() throws -> URLRequest {
    if requestBodyCreator is ApolloRequestBodyCreator {
      // Upstream's default creator stops the process here; a typed error reaches the error handler instead.
      let flags = bodyFlags
      let document = Operation.operationDocument
      if flags.sendQueryDocument && document.definition == nil {
        throw RequestBodyError.missingQueryDocument(operationName: Operation.operationName)
      }
      if flags.autoPersistQuery && Operation.persistedQueryIdentifier == nil {
        throw RequestBodyError.missingOperationIdentifier(operationName: Operation.operationName)
      }
    }
    try RequestBodyBuilder.checkVariables(of: operation, in: body)
    var request = try super.toURLRequest()
    if usesGET {
      guard let url = GETRequestEncoder.url(for: body, baseURL: graphQLEndpoint) else {
        throw GraphQLHTTPRequestError.serializedQueryParamsMessageError
      }
      request.url = url
      request.httpMethod = "GET"
      #if canImport(Darwin)
      request.cachePolicy = Self.urlCachePolicy(for: cachePolicy)
      #endif
      request.setValue(nil, forHTTPHeaderField: "Content-Type")
    } else {
      request.httpMethod = "POST"
      request.httpBody = JSONSerializer.serialize(body, sortedKeys: true)
    }
    return request
  }

  #if canImport(Darwin)
  private static func urlCachePolicy(for policy: CachePolicy) -> URLRequest.CachePolicy {
    switch policy {
    case .returnCacheDataElseFetch: return .useProtocolCachePolicy
    case .fetchIgnoringCacheData: return .reloadIgnoringLocalCacheData
    case .fetchIgnoringCacheCompletely: return .reloadIgnoringLocalAndRemoteCacheData
    case .returnCacheDataDontFetch: return .returnCacheDataDontLoad
    case .returnCacheDataAndFetch: return .reloadRevalidatingCacheData
    }
  }
  #endif

  /// Equal when the ``HTTPRequest`` parts are equal and so are the body creator's type and every flag.
  public static func == (lhs: JSONRequest<Operation>, rhs: JSONRequest<Operation>) -> Bool {
    (lhs as HTTPRequest<Operation>) == (rhs as HTTPRequest<Operation>)
      && type(of: lhs.requestBodyCreator) == type(of: rhs.requestBodyCreator)
      && lhs.autoPersistQueries == rhs.autoPersistQueries
      && lhs.useGETForQueries == rhs.useGETForQueries
      && lhs.useGETForPersistedQueryRetry == rhs.useGETForPersistedQueryRetry
      && lhs.isPersistedQueryRetry == rhs.isPersistedQueryRetry
      && lhs.body == rhs.body
  }

  public override func hash(into hasher: inout Hasher) {
    super.hash(into: &hasher)
    hasher.combine(autoPersistQueries)
    hasher.combine(useGETForQueries)
    hasher.combine(useGETForPersistedQueryRetry)
    hasher.combine(isPersistedQueryRetry)
    hasher.combine(body)
  }
}
