import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request for one GraphQL operation, as it travels through the request chain.
public protocol GraphQLRequest<Operation>: Sendable {
  /// The operation type; fixes the `Data` that results are parsed into.
  associatedtype Operation: GraphQLOperation
  /// Where the request goes.
  var graphQLEndpoint: URL { get set }
  /// The operation to run.
  var operation: Operation { get set }
  /// Headers appended to the URL request.
  var additionalHeaders: [String: String] { get set }
  /// When the cache and the network are used.
  var fetchBehavior: FetchBehavior { get set }
  /// Whether server results are written to the store.
  var writeResultsToCache: Bool { get set }
  /// The timeout; `nil` keeps the 60 s default.
  var requestTimeout: TimeInterval? { get set }
  /// The URL request to send.
  func toURLRequest() throws -> URLRequest
}

extension GraphQLRequest {
  /// A POST to the endpoint with client-awareness headers, `additionalHeaders` (appended), the timeout and
  /// a URL cache policy derived from the fetch behaviour.
  public func createDefaultRequest() -> URLRequest {
    makeDefaultRequest { _ in }
  }

  /// ``createDefaultRequest()`` with a last say over the headers, which are set in one assignment, and
  /// the method. (Setting a method normalizes it through `NSString` comparisons on Linux, about 2 µs, so a
  /// GET keeps the request's default rather than being set twice.)
  func makeDefaultRequest(
    usingGET: Bool = false, cachePolicy chosen: URLRequest.CachePolicy? = nil,
    adjustingHeaders adjust: (inout HTTPHeaderFields) -> Void
  ) -> URLRequest {
    var headers = HTTPHeaderFields()
    if let metadata = ApolloClient.clientAwarenessOfCurrentCall {
      metadata.appendHeaders(to: &headers)
    }
    for (name, value) in additionalHeaders {
      headers.append(value, for: name)
    }
    adjust(&headers)
    var request = URLRequest(url: graphQLEndpoint)
    if !usingGET { request.httpMethod = "POST" }
    request.allHTTPHeaderFields = headers.dictionary
    if let requestTimeout {
      request.timeoutInterval = requestTimeout
    }
    let cachePolicy = chosen ?? fetchBehavior.urlCachePolicy
    // A new request already has the protocol's policy; the setter copies the request on Linux (about 2 µs).
    if cachePolicy != .useProtocolCachePolicy { request.cachePolicy = cachePolicy }
    return request
  }

  /// Whether the members every request has are equal; the operation compares by its variables.
  func hasSameRequestMembers(as other: Self) -> Bool {
    graphQLEndpoint == other.graphQLEndpoint && operation == other.operation
      && additionalHeaders == other.additionalHeaders && fetchBehavior == other.fetchBehavior
      && writeResultsToCache == other.writeResultsToCache && requestTimeout == other.requestTimeout
  }

  /// Hashes the members every request has.
  func hashRequestMembers(into hasher: inout Hasher) {
    hasher.combine(graphQLEndpoint)
    hasher.combine(operation)
    hasher.combine(additionalHeaders)
    hasher.combine(fetchBehavior)
    hasher.combine(writeResultsToCache)
    hasher.combine(requestTimeout)
  }

  /// Sets one header, replacing an existing value.
  public mutating func addHeader(name: String, value: String) {
    additionalHeaders[name] = value
  }

  /// Merges headers in; a new value wins.
  public mutating func addHeaders(_ headers: [String: String]) {
    additionalHeaders.merge(headers) { _, new in new }
  }
}

extension FetchBehavior {
  /// The URL loading cache policy a request of this behavior asks for.
  fileprivate var urlCachePolicy: URLRequest.CachePolicy {
    switch (cacheRead, networkFetch) {
    case (.beforeNetworkFetch, .never): return .returnCacheDataDontLoad
    case (.beforeNetworkFetch, .onCacheMiss): return .useProtocolCachePolicy
    default: return .reloadIgnoringLocalCacheData
    }
  }
}
