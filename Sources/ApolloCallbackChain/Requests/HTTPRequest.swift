import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request one chain works on (1.x). Open: apps subclass it, and interceptors change it in place
/// (`cachePolicy`, headers) before `retry`.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain's JSONRequest/UploadRequest/HTTPResponse; until then ApolloMigration.CallbackProviderOnAsyncChain hands 1.x interceptors this type on the 2.x chain")
#endif
open class HTTPRequest<Operation: GraphQLOperation>: Hashable {
  /// The server's GraphQL URL; GET requests add their query items to it.
  open var graphQLEndpoint: URL
  /// The operation being sent; its variables and document (or hash) make the body.
  open var operation: Operation
  /// Every header the request sends, `Content-Type`, `X-APOLLO-*` and client awareness included; change
  /// it to add a header (an auth token, say) before the network step.
  open var additionalHeaders: [String: String]
  /// Mutable: error interceptors change it before `chain.retry` (a tested 1.x pattern).
  open var cachePolicy: CachePolicy
  /// Identifies the caller's cache writes (watchers ignore their own).
  public let contextIdentifier: UUID?
  /// What the caller passed as `context`, unchanged, for interceptors to read (1.5+).
  public let context: (any RequestContext)?

  /// Stores the headers, then sets (overwriting same-named ones) `Content-Type`, the `X-APOLLO-*` headers
  /// and the client-awareness headers, as upstream.
  public init(graphQLEndpoint: URL,
              operation: Operation,
              contextIdentifier: UUID? = nil,
              contentType: String,
              clientName: String,
              clientVersion: String,
              additionalHeaders: [String: String],
              cachePolicy: CachePolicy = .default,
              context: (any RequestContext)? = nil) {
    self.graphQLEndpoint = graphQLEndpoint
    self.operation = operation
    self.contextIdentifier = contextIdentifier
    self.cachePolicy = cachePolicy
    self.context = context
    // Set straight into a dictionary sized for them: every request (and every adapted 1.x mirror) builds this.
    var headers = additionalHeaders
    headers.reserveCapacity(additionalHeaders.count + 6)
    headers["Content-Type"] = contentType
    OperationHeaders.forEachField(of: Operation.self, includingType: true) { headers[$0] = $1 }
    ClientAwareness.forEachField(clientName: clientName, clientVersion: clientVersion) { headers[$0] = $1 }
    self.additionalHeaders = headers
  }

  /// Sets (replaces) a header.
  open func addHeader(name: String, value: String) {
    additionalHeaders[name] = value
  }

  /// Sets the `Content-Type` header.
  open func updateContentType(to contentType: String) {
    addHeader(name: "Content-Type", value: contentType)
  }

  /// A `URLRequest` for the endpoint with the headers; no method or body at this level.
  ///
  /// The headers are assigned in one step: each `URLRequest` header mutation is costly on Linux.
  open func toURLRequest() throws -> URLRequest {
    var request = URLRequest(url: graphQLEndpoint)
    if let configurable = context as? any RequestContextTimeoutConfigurable {
      request.timeoutInterval = configurable.requestTimeout
    }
    // As 1.x's one `addValue` per entry: `accept` beside `Accept` joins both values rather than one winning.
    request.allHTTPHeaderFields = HTTPHeaderFields.joiningCaseVariants(of: additionalHeaders)
    return request
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(graphQLEndpoint)
    hasher.combine(operation)  // its name and variables
    hasher.combine(additionalHeaders)
    hasher.combine(cachePolicy)
    hasher.combine(contextIdentifier)
  }

  /// Compares endpoint, operation (name and variables), headers, cache policy and context identifier —
  /// not the context, as upstream.
  public static func == (lhs: HTTPRequest<Operation>, rhs: HTTPRequest<Operation>) -> Bool {
    lhs.graphQLEndpoint == rhs.graphQLEndpoint
      && lhs.operation == rhs.operation
      && lhs.additionalHeaders == rhs.additionalHeaders
      && lhs.cachePolicy == rhs.cachePolicy
      && lhs.contextIdentifier == rhs.contextIdentifier
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain's JSONRequest/UploadRequest/HTTPResponse; until then ApolloMigration.CallbackProviderOnAsyncChain hands 1.x interceptors this type on the 2.x chain")
#endif
extension HTTPRequest: CustomDebugStringConvertible {
  /// The request as 1.x printed it, except that credentials in the headers appear as fingerprints
  /// (`Redaction`; `APOLLO_REVEAL_SECRETS=1` shows them).
  public var debugDescription: String {
    var lines = ["HTTPRequest details:", "Endpoint: \(graphQLEndpoint)", "Additional Headers: ["]
    for (key, value) in additionalHeaders.sorted(by: { $0.key < $1.key }) { lines.append("\t\(key): \(Redaction.headerValue(value, name: key)),") }
    lines.append("]")
    lines.append("Cache Policy: \(cachePolicy)")
    lines.append("Operation: \(Operation.operationName)")
    lines.append("Context identifier: \(contextIdentifier?.uuidString ?? "(none)")")
    return lines.joined(separator: "\n")
  }
}
