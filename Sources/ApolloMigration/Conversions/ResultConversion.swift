import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Results and errors between the generations: the same data, errors, extensions, source and
/// dependent keys; 2.x error types become the 1.x types that 1.x code matches on.
enum ResultConversion {
  /// A 2.x response as a 1.x result.
  static func v1<Operation: GraphQLOperation>(_ response: V2GraphQLResponse<Operation>) -> V1GraphQLResult<Operation.Data> {
    V1GraphQLResult(data: response.data, extensionsJSON: response.extensionsJSON, errors: response.errors,
                    source: response.source == .cache ? .cache : .server, dependentKeySource: response.dependentKeySource)
  }

  /// A 1.x result as a 2.x response.
  static func v2<Operation: GraphQLOperation>(_ result: V1GraphQLResult<Operation.Data>, as: Operation.Type) -> V2GraphQLResponse<Operation> {
    V2GraphQLResponse(data: result.data, extensionsJSON: result.extensionsJSON, errors: result.errors,
                      source: result.source == .cache ? .cache : .server, dependentKeySource: result.dependentKeySource)
  }

  /// A 1.x result as response JSON, for a 1.x hook that answers at the HTTP stage.
  static func responseBody<Data: RootSelectionSet>(_ result: V1GraphQLResult<Data>) -> Foundation.Data {
    var object: JSON.Object = [:]
    if let data = result.data { object["data"] = .object(data.jsonObject) }
    if let errors = result.errors { object["errors"] = .array(errors.map { .object($0.object) }) }
    if let extensions = result.extensionsJSON { object["extensions"] = .object(extensions) }
    return JSONSerializer.serialize(object)
  }

  /// The error 1.x code expects for a 2.x error:
  ///
  /// | 2.x | 1.x |
  /// |---|---|
  /// | `ResponseCodeInterceptor.ResponseCodeError` | `ResponseCodeInterceptor.ResponseCodeError.invalidResponseCode(response:rawData:)` |
  /// | `MaxRetryInterceptor.MaxRetriesError` | `MaxRetryInterceptor.RetryError.hitMaxRetryCount(count:operationName:)` |
  /// | `AutomaticPersistedQueryInterceptor.APQError` | the 1.x `APQError` case of the same name |
  /// | `GraphQLHTTPRequestError` (a request that could not be built) | the 1.x `GraphQLHTTPRequestError` case of the same name |
  /// | anything else | unchanged |
  static func v1Error(_ error: any Error) -> any Error {
    switch error {
    case let error as ApolloAsyncChain.ResponseCodeInterceptor.ResponseCodeError:
      return ApolloCallbackChain.ResponseCodeInterceptor.ResponseCodeError.invalidResponseCode(
        response: error.response, rawData: error.chunk)
    case let error as V2MaxRetryInterceptor.MaxRetriesError:
      return V1MaxRetryInterceptor.RetryError.hitMaxRetryCount(count: error.count, operationName: error.operationName)
    case let error as ApolloAsyncChain.AutomaticPersistedQueryInterceptor.APQError:
      switch error {
      case .persistedQueryNotFoundForPersistedOnlyQuery(let name):
        return ApolloCallbackChain.AutomaticPersistedQueryInterceptor.APQError.persistedQueryNotFoundForPersistedOnlyQuery(operationName: name)
      case .persistedQueryRetryFailed(let name):
        return ApolloCallbackChain.AutomaticPersistedQueryInterceptor.APQError.persistedQueryRetryFailed(operationName: name)
      }
    case let error as ApolloAsyncChain.GraphQLHTTPRequestError:
      return error.inCallbackChain
    case let error as ApolloAsyncChain.JSONResponseParsingError:
      // 1.x's client found a missing boundary, its parsers the rest.
      switch error {
      case .couldNotParseToJSON(let data):
        return ApolloCallbackChain.JSONResponseParsingInterceptor.JSONResponseParsingError.couldNotParseToJSON(data: data)
      case .missingMultipartBoundary:
        return ApolloCallbackChain.URLSessionClient.URLSessionClientError.missingMultipartBoundary
      case .invalidMultipartProtocol:
        return ApolloCallbackChain.MultipartResponseParsingInterceptor.ParsingError.invalidMultipartProtocol
      }
    default:
      return error
    }
  }
}
