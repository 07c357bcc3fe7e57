@_spi(ApolloMigration) import ApolloAsyncChain
import ApolloCore
import Foundation

/// The facade's 2.x parsing stage: keeps the response object for the 0.x `GraphQLResponse` (which reads
/// `data` itself, in `ApolloClient`) and hands the chain a result carrying only the `errors` (what the
/// persisted-query interceptor looks at), with no cache records, so the 2.x side never decodes `data`
/// nor touches a store.
struct LegacyBodyParser: ResponseParsingInterceptor, ResponseParserEndingWithBody {
  let capture: BodyCapture

  func parse<Request: GraphQLRequest>(
    response: consuming HTTPResponse, for request: Request, includeCacheRecords: Bool
  ) async throws -> InterceptorResultStream<Request> {
    // The 0.x checks already parsed the body in the HTTP stage: the same object, without a second parse.
    let parsed = response.parsedBody
    var data = Data()
    try await response.takeChunks().forEachElement { chunk in
      data.append(chunk)
      return true
    }
    guard let object = parsed ?? (try? JSONParser.parseObject(data)) else {
      throw JSONResponseParsingError.couldNotParseToJSON(data: data)
    }
    capture.store(object)
    var errors: [GraphQLError]?
    if case .array(let entries)? = object["errors"] {
      errors = entries.compactMap { entry in entry.objectValue.map(GraphQLError.init) }
    }
    let result = ApolloAsyncChain.GraphQLResponse<Request.Operation>(
      data: nil, extensions: nil, errors: errors, source: .server, dependentKeys: nil)
    return InterceptorResultStream<Request>(settled: SettledElements(
      elements: [ParsedResult(result: result, cacheRecords: nil)], failure: nil))
  }
}
