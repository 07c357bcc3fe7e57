import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cuts a `multipart/mixed` response (`@defer`: `deferSpec=20220824`; subscriptions: `subscriptionSpec=1.0`)
/// into its parts and proceeds once per part carrying a result; non-multipart responses pass unchanged.
///
/// A failing part is reported through `handleErrorAsync` and the following parts still proceed, as upstream.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use the built-in stages of ApolloAsyncChain.DefaultInterceptorProvider; until then ApolloMigration.CallbackProviderOnAsyncChain maps this interceptor to its 2.x stage")
#endif
public struct MultipartResponseParsingInterceptor: ApolloInterceptor {
  /// Why a multipart response could not be cut into parts.
  public enum ParsingError: Error, LocalizedError, Equatable {
    /// The interceptor ran before the network step produced a response: the interceptors are in the wrong order.
    case noResponseToParse
    /// Never produced by this package; kept for source compatibility with upstream 1.x, which deprecated it
    /// for the two cases below.
    @available(*, deprecated, message: "Use the more specific `missingMultipartBoundary` and `invalidMultipartProtocol` errors instead.")
    case cannotParseResponse
    /// The multipart body is not UTF-8 text.
    case cannotParseResponseData
    /// The `Content-Type` is `multipart/mixed` but names no `boundary`.
    case missingMultipartBoundary
    /// The `Content-Type` names neither `deferSpec=20220824` nor `subscriptionSpec=1.0`.
    case invalidMultipartProtocol

    public var errorDescription: String? {
      switch self {
      case .noResponseToParse: return "There is no response to parse. Check the order of your interceptors."
      case .cannotParseResponse: return "The response data could not be parsed."
      case .cannotParseResponseData: return "The response data could not be parsed."
      case .missingMultipartBoundary: return "Missing multipart boundary in the response 'content-type' header."
      case .invalidMultipartProtocol: return "Missing, or unsupported, multipart protocol in the response 'content-type' header."
      }
    }
  }

  public var id: String = InterceptorID.next()
  /// Each part of a response proceeds separately; its `Content-Type` is read once.
  private let analysis = MultipartResponseAnalysis()

  /// An interceptor with its own id; it keeps no other state.
  public init() {}

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
    let boundary: String
    let spec: MultipartSpec
    switch analysis.outcome(for: response.httpResponse) {
    case .notMultipart:
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    case .failure(let error):
      chain.handleErrorAsync(error, request: request, response: response, completion: completion)
      return
    case .parts(let partBoundary, let partSpec):
      boundary = partBoundary
      spec = partSpec
    }
    guard String(data: response.rawData, encoding: .utf8) != nil else {
      chain.handleErrorAsync(ParsingError.cannotParseResponseData, request: request, response: response,
                             completion: completion)
      return
    }
    var splitter = MultipartChunkSplitter(boundary: boundary)
    let chunks = splitter.append(response.rawData) + splitter.finish()
    for chunk in chunks {
      switch spec.parse(MultipartPart.parse(chunk)) {
      case .success(nil):
        continue
      case .success(let forwarded?):
        let part = HTTPResponse<Operation>(response: response.httpResponse, rawData: forwarded.data, parsedResponse: nil)
        part.rawDataObject = forwarded.object
        chain.proceedAsync(request: request, response: part, interceptor: self, completion: completion)
      case .failure(let error):
        chain.handleErrorAsync(error, request: request, response: response, completion: completion)
      }
    }
  }
}
