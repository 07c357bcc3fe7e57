import ApolloCallbackChain
import ApolloCore
import Foundation
import StarWarsAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 1.x parsing interceptors on a real `InterceptorRequestChain`: `ResponseCodeInterceptor`, then
/// `MultipartResponseParsingInterceptor`, then `JSONResponseParsingInterceptor` (plain queries) or
/// `IncrementalJSONResponseParsingInterceptor` (`@defer`). The chain runs synchronously up to a sink that takes
/// the parsed results, and errors stop at an error handler, so nothing is left on a queue after an input.
///
/// Input: one seed byte (low three bits: the `Content-Type`; bit 3: a 500 status; bit 4: the policy that skips
/// the cache), then the body.
func fuzzCallbackChainParsers(_ data: Data) {
  guard let seed = data.first else { return }
  let body = Data(data.dropFirst())
  let contentType = responseContentTypes[Int(seed & 0x07) % responseContentTypes.count]
  let status = seed & 0x08 == 0 ? 200 : 500
  let policy: CachePolicy = seed & 0x10 == 0 ? .default : .fetchIgnoringCacheCompletely
  guard let url = URL(string: "http://localhost/graphql"),
    let httpResponse = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": contentType])
  else { return }
  if contentType.contains("deferSpec") {
    runCallbackChain(operation: HeroDeferredQuery(), parser: IncrementalJSONResponseParsingInterceptor(), url: url,
                     httpResponse: httpResponse, body: body, policy: policy)
  } else {
    runCallbackChain(operation: HeroAndFriendsQuery(episode: .none), parser: JSONResponseParsingInterceptor(), url: url,
                     httpResponse: httpResponse, body: body, policy: policy)
  }
}

private func runCallbackChain<Operation: GraphQLOperation>(
  operation: Operation, parser: any ApolloInterceptor, url: URL, httpResponse: HTTPURLResponse, body: Data,
  policy: CachePolicy
) {
  let chain = InterceptorRequestChain(
    interceptors: [
      ReplyInterceptor(httpResponse: httpResponse, body: body), ResponseCodeInterceptor(),
      MultipartResponseParsingInterceptor(), parser, SinkInterceptor(),
    ],
    callbackQueue: DispatchQueue(label: "fuzz.callback-chain"))
  chain.additionalErrorHandler = SwallowingErrorHandler()
  let request = JSONRequest(operation: operation, graphQLEndpoint: url, clientName: "fuzz", clientVersion: "1",
                            cachePolicy: policy)
  chain.kickoff(request: request) { _ in preconditionFailure("the sink and the error handler never complete") }
}

/// Stands in for the network: proceeds with the fuzzed body as the response.
private struct ReplyInterceptor: ApolloInterceptor {
  let httpResponse: HTTPURLResponse
  let body: Data
  let id = InterceptorID.next()

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let reply = HTTPResponse<Operation>(response: httpResponse, rawData: body, parsedResponse: nil)
    chain.proceedAsync(request: request, response: reply, interceptor: self, completion: completion)
  }
}

/// The end of the chain: reads what the parser produced and stops.
private struct SinkInterceptor: ApolloInterceptor {
  let id = InterceptorID.next()

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    _ = response?.parsedResponse?.data
    _ = response?.cacheRecords
  }
}

/// Takes every error synchronously (reading its description, which may show the body) and stops there.
private struct SwallowingErrorHandler: ApolloErrorInterceptor {
  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    _ = error.localizedDescription
  }
}
