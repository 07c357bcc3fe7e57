import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The response as it moves through the chain. A reference type: parsers set ``parsedResponse`` and
/// ``cacheRecords`` in place.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain's JSONRequest/UploadRequest/HTTPResponse; until then ApolloMigration.CallbackProviderOnAsyncChain hands 1.x interceptors this type on the 2.x chain")
#endif
public class HTTPResponse<Operation: GraphQLOperation> {
  /// The response's status line and headers, as the session returned them.
  public var httpResponse: HTTPURLResponse
  /// The whole body, read to its end before the chain continues (1.x does not stream bodies).
  public var rawData: Data {
    didSet { rawDataObject = nil }
  }
  /// What `rawData` parses to, when whoever set `rawData` had it already (the multipart interceptor, for
  /// each part it forwards): the JSON parsers then skip parsing it again. Dropped whenever `rawData` changes.
  var rawDataObject: JSON.Object?
  /// Set by a parsing interceptor; the chain delivers it when it runs past its last interceptor.
  public var parsedResponse: GraphQLResult<Operation.Data>?
  /// The normalized records of the parsed response, written by `CacheWriteInterceptor`.
  public var cacheRecords: RecordSet?

  /// A response with nothing parsed yet (`parsedResponse` is usually `nil` until a parsing interceptor runs).
  public init(response: HTTPURLResponse, rawData: Data, parsedResponse: GraphQLResult<Operation.Data>?) {
    self.httpResponse = response
    self.rawData = rawData
    self.parsedResponse = parsedResponse
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain's JSONRequest/UploadRequest/HTTPResponse; until then ApolloMigration.CallbackProviderOnAsyncChain hands 1.x interceptors this type on the 2.x chain")
#endif
extension HTTPResponse: Equatable {
  public static func == (lhs: HTTPResponse<Operation>, rhs: HTTPResponse<Operation>) -> Bool {
    lhs.httpResponse == rhs.httpResponse && lhs.rawData == rhs.rawData && lhs.parsedResponse == rhs.parsedResponse
      && lhs.cacheRecords == rhs.cacheRecords
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain's JSONRequest/UploadRequest/HTTPResponse; until then ApolloMigration.CallbackProviderOnAsyncChain hands 1.x interceptors this type on the 2.x chain")
#endif
extension HTTPResponse: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(httpResponse)
    hasher.combine(rawData)
    hasher.combine(parsedResponse)
    hasher.combine(cacheRecords)
  }
}

/// Internal, as upstream's helpers were, so that they cannot clash with an app's own.
extension HTTPURLResponse {
  /// Whether the status is 2xx.
  var isSuccessful: Bool { (200..<300).contains(statusCode) }

  /// Whether the `Content-Type` is `multipart/mixed` (looked up case-insensitively).
  var isMultipart: Bool { MultipartContentType.isMultipartMixed(self) }

  /// The multipart boundary: one pair of quotes stripped, leading spaces inside the value kept.
  var multipartBoundary: String? {
    guard let contentType = value(forHTTPHeaderField: "Content-Type") else { return nil }
    return MultipartChunkSplitter.boundary(fromContentType: contentType)
  }
}
