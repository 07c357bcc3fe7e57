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
  public enum ParsingError: Error, LocalizedError, Equatable {
    case noResponseToParse
    @available(*, deprecated, message: "Use the more specific `missingMultipartBoundary` and `invalidMultipartProtocol` errors instead.")
    case cannotParseResponse
    case cannotParseResponseData
    case missingMultipartBoundary
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
    let contentType = response.httpResponse.value(forHTTPHeaderField: "Content-Type") ?? ""
    guard contentType.lowercased().contains("multipart/mixed") else {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    }
    guard let boundary = MultipartChunkSplitter.boundary(fromContentType: contentType) else {
      chain.handleErrorAsync(ParsingError.missingMultipartBoundary, request: request, response: response,
                             completion: completion)
      return
    }
    let spec: MultipartSpec
    if contentType.contains("subscriptionSpec=1.0") || contentType.contains("subscriptionSpec=\"1.0\"") {
      spec = .subscription
    } else if contentType.contains("deferSpec=20220824") {
      spec = .deferred
    } else {
      chain.handleErrorAsync(ParsingError.invalidMultipartProtocol, request: request, response: response,
                             completion: completion)
      return
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
      case .success(let data?):
        let part = HTTPResponse<Operation>(response: response.httpResponse, rawData: data, parsedResponse: nil)
        chain.proceedAsync(request: request, response: part, interceptor: self, completion: completion)
      case .failure(let error):
        chain.handleErrorAsync(error, request: request, response: response, completion: completion)
      }
    }
  }
}

/// The two multipart protocols and the per-part rules of each.
enum MultipartSpec {
  case subscription
  case deferred

  /// The JSON to forward for one part; `nil` for parts that carry no result (heartbeats, null payloads).
  func parse(_ part: MultipartPart) -> Result<Data?, any Error> {
    switch self {
    case .subscription: return MultipartResponseSubscriptionParser.parse(part)
    case .deferred: return MultipartResponseDeferParser.parse(part)
    }
  }

  /// Whether a part's content type is JSON; parts without one are taken as JSON.
  static func checkContentType(_ part: MultipartPart) -> String? {
    guard let contentType = part.contentType else { return nil }
    let directives = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
    let isJSON = directives.contains { MultipartPart.graphQLMediaTypes.contains($0.lowercased()) }
    return isJSON ? nil : directives.joined(separator: ";")
  }
}

/// Parts of a `subscriptionSpec=1.0` response (internal, as upstream; apps see `any Error`).
enum MultipartResponseSubscriptionParser {
  enum ParsingError: Error, LocalizedError, Equatable {
    case unsupportedContentType(type: String)
    case cannotParseChunkData
    case irrecoverableError(message: String?)
    case cannotParsePayloadData
    case cannotParseErrorData

    var errorDescription: String? {
      switch self {
      case .unsupportedContentType(let type): return "Unsupported content type: \(type)"
      case .cannotParseChunkData: return "The chunk data could not be parsed."
      case .irrecoverableError(let message): return "An irrecoverable error occured: \(message ?? "unknown")."
      case .cannotParsePayloadData: return "The payload data could not be parsed."
      case .cannotParseErrorData: return "The error data could not be parsed."
      }
    }
  }

  static func parse(_ part: MultipartPart) -> Result<Data?, any Error> {
    if let unsupported = MultipartSpec.checkContentType(part) {
      return .failure(ParsingError.unsupportedContentType(type: unsupported))
    }
    if part.bodyIsBlank { return .success(nil) }
    guard let object = try? JSONParser.parseObject(part.body) else {
      return .failure(ParsingError.cannotParseChunkData)
    }
    if object.isEmpty { return .success(nil) }  // heartbeat
    switch object["errors"] {
    case nil, .null?: break
    case .array(let errors)?:
      return .failure(ParsingError.irrecoverableError(message: errors.first?["message"]?.stringValue))
    default:
      return .failure(ParsingError.cannotParseErrorData)
    }
    switch object["payload"] {
    case nil, .null?: return .success(nil)
    case .object(let payload)?: return .success(JSONSerializer.serialize(payload))
    default: return .failure(ParsingError.cannotParsePayloadData)
    }
  }
}

/// Parts of a `deferSpec=20220824` response (internal, as upstream).
enum MultipartResponseDeferParser {
  enum ParsingError: Error, LocalizedError, Equatable {
    case unsupportedContentType(type: String)
    case cannotParseChunkData
    case cannotParsePayloadData

    var errorDescription: String? {
      switch self {
      case .unsupportedContentType(let type): return "Unsupported content type: \(type)"
      case .cannotParseChunkData: return "The chunk data could not be parsed."
      case .cannotParsePayloadData: return "The payload data could not be parsed."
      }
    }
  }

  static func parse(_ part: MultipartPart) -> Result<Data?, any Error> {
    if let unsupported = MultipartSpec.checkContentType(part) {
      return .failure(ParsingError.unsupportedContentType(type: unsupported))
    }
    if part.bodyIsBlank { return .success(nil) }
    guard let object = try? JSONParser.parseObject(part.body) else {
      return .failure(ParsingError.cannotParseChunkData)
    }
    guard object["hasNext"] != nil else { return .failure(ParsingError.cannotParsePayloadData) }
    // Upstream requires `data` or `incremental`; the later format's `pending`/`completed` parts are accepted
    // too, and a bare `{"hasNext":false}` (the end marker of that format) carries nothing to forward.
    if object["data"] != nil || object["incremental"] != nil || object["completed"] != nil || object["pending"] != nil {
      return .success(part.body)
    }
    if object.count == 1 { return .success(nil) }
    return .failure(ParsingError.cannotParsePayloadData)
  }
}
