import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A GraphQL request sent as JSON (POST) or as query items (GET).
public struct JSONRequest<Operation: GraphQLOperation>: GraphQLRequest, AutoPersistedQueryCompatibleRequest, Hashable {
  public var graphQLEndpoint: URL
  public var operation: Operation
  public var additionalHeaders: [String: String] = [:]
  public var fetchBehavior: FetchBehavior
  public var writeResultsToCache: Bool
  public var requestTimeout: TimeInterval?
  /// Builds the body (POST) or the query items (GET) from the operation.
  public let requestBodyCreator: any JSONRequestBodyCreator
  /// The automatic persisted query options this request was made with.
  public var apqConfig: AutoPersistedQueryConfiguration
  /// Set on the attempt that follows a `PersistedQueryNotFound`: it sends the document and the hash.
  public var isPersistedQueryRetry: Bool = false
  /// Send queries as GET.
  public var useGETForQueries: Bool
  /// The `URLRequest` cache policy, when a caller chooses it instead of the fetch behavior (the 0.x facade
  /// sends 0.x's default).
  package var urlCachePolicy: URLRequest.CachePolicy?
  /// Makes the `URLRequest` instead of this request's own rules when it returns one: the 1.x facade's wire for a 1.x
  /// request of the app's own type, whose `toURLRequest()` 1.x's network fetch called.
  package var urlRequestOverride: (@Sendable (JSONRequest<Operation>) throws -> URLRequest?)?

  /// Sets `Content-Type: application/json` and an `Accept` header that allows multipart responses (`@defer` for
  /// queries and mutations, multipart subscriptions for subscriptions).
  public init(
    operation: Operation, graphQLEndpoint: URL, fetchBehavior: FetchBehavior, writeResultsToCache: Bool,
    requestTimeout: TimeInterval?, apqConfig: AutoPersistedQueryConfiguration = .init(), useGETForQueries: Bool = false,
    requestBodyCreator: any JSONRequestBodyCreator = DefaultRequestBodyCreator()
  ) {
    self.operation = operation
    self.graphQLEndpoint = graphQLEndpoint
    self.fetchBehavior = fetchBehavior
    self.writeResultsToCache = writeResultsToCache
    self.requestTimeout = requestTimeout
    self.apqConfig = apqConfig
    self.useGETForQueries = useGETForQueries
    self.requestBodyCreator = requestBodyCreator
    addHeader(name: "Content-Type", value: "application/json")
    addHeader(name: "Accept", value: MultipartAcceptHeader.value(for: Operation.operationType))
  }

  /// The body members this attempt sends.
  public var body: JSON.Object {
    let sendDocument: Bool
    let autoPersist: Bool
    if Operation.operationType == .subscription {
      sendDocument = true
      autoPersist = false
    } else if isPersistedQueryRetry {
      sendDocument = true
      autoPersist = true
    } else {
      sendDocument = !apqConfig.autoPersistQueries
      autoPersist = apqConfig.autoPersistQueries
    }
    return requestBodyCreator.jsonBody(for: operation, sendQueryDocument: sendDocument, autoPersistQuery: autoPersist)
  }

  public func toURLRequest() throws -> URLRequest {
    if let urlRequestOverride, let made = try urlRequestOverride(self) { return made }
    let body = self.body
    try RequestBodyBuilder.checkVariables(of: operation, in: body)
    let useGET: Bool
    if Operation.operationType != .query {
      useGET = false
    } else if isPersistedQueryRetry {
      useGET = apqConfig.useGETForPersistedQueryRetry
    } else {
      useGET = useGETForQueries
    }
    guard useGET else {
      var request = makeDefaultRequest(cachePolicy: urlCachePolicy) { _ in }
      request.httpBody = JSONSerializer.serialize(body, sortedKeys: true)
      return request
    }
    guard let url = GETRequestEncoder.url(for: body, baseURL: graphQLEndpoint) else {
      throw GraphQLHTTPRequestError.serializedQueryParamsMessageError
    }
    var request = makeDefaultRequest(usingGET: true, cachePolicy: urlCachePolicy) { headers in
      headers.set(nil, for: "Content-Type")
      headers.append("true", for: CSRFPreventionHeader.name)
    }
    request.url = url
    return request
  }

  public static func == (lhs: JSONRequest, rhs: JSONRequest) -> Bool {
    lhs.hasSameRequestMembers(as: rhs) && type(of: lhs.requestBodyCreator) == type(of: rhs.requestBodyCreator)
      && lhs.apqConfig == rhs.apqConfig && lhs.isPersistedQueryRetry == rhs.isPersistedQueryRetry
      && lhs.useGETForQueries == rhs.useGETForQueries && lhs.urlCachePolicy == rhs.urlCachePolicy
  }

  public func hash(into hasher: inout Hasher) {
    hashRequestMembers(into: &hasher)
    hasher.combine(ObjectIdentifier(type(of: requestBodyCreator)))
    hasher.combine(apqConfig)
    hasher.combine(isPersistedQueryRetry)
    hasher.combine(useGETForQueries)
    hasher.combine(urlCachePolicy?.rawValue)
  }
}

extension JSONRequest: CustomDebugStringConvertible {
  /// The request for a log line; credentials in the headers appear as fingerprints (`Redaction`).
  public var debugDescription: String {
    "JSONRequest(\(Operation.operationName), endpoint: \(graphQLEndpoint), fetchBehavior: \(fetchBehavior), "
      + "retry: \(isPersistedQueryRetry), headers: \(Redaction.headers(additionalHeaders)))"
  }
}
