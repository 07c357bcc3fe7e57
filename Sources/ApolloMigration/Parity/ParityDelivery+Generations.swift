import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation

// The only place that knows every generation's result and error types: each becomes a
// generation-neutral ``ParityDelivery``, so traces of different generations can be compared.

extension ParityDelivery {
  /// A 0.x completion.
  init<Data: RootSelectionSet>(_ result: Result<V0GraphQLResult<Data>, any Error>) {
    switch result {
    case .success(let value):
      self = .result(data: value.data.map { Self.render($0.jsonObject) }, errors: value.errors?.map { $0.message ?? "" },
                     source: value.source == .cache ? "cache" : "server")
    case .failure(let error):
      self = .failure(ParityFailure(error))
    }
  }

  /// A 1.x completion.
  init<Data: RootSelectionSet>(_ result: Result<V1GraphQLResult<Data>, any Error>) {
    switch result {
    case .success(let value):
      self = .result(data: value.data.map { Self.render($0.jsonObject) }, errors: value.errors?.map { $0.message ?? "" },
                     source: value.source == .cache ? "cache" : "server")
    case .failure(let error):
      self = .failure(ParityFailure(error))
    }
  }

  /// A 2.x response.
  init<Operation: GraphQLOperation>(_ response: V2GraphQLResponse<Operation>) {
    self = .result(data: response.data.map { Self.render($0.jsonObject) }, errors: response.errors?.map { $0.message ?? "" },
                   source: response.source == .cache ? "cache" : "server")
  }

  static func render(_ object: JSON.Object) -> String {
    JSONSerializer.string(.object(object), sortedKeys: true)
  }
}

extension ParityFailure {
  /// Classifies an error of any generation.
  public init(_ error: any Error) {
    switch error {
    case let error as ParityHookError:
      switch error {
      case .vetoed: self.init(category: "vetoed", detail: "hook")
      case .retryLimit: self.init(category: "retryLimit", detail: "")
      case .recovered(let category): self.init(category: "hook", detail: "recovered from \(category)")
      }
    case let error as URLError:
      self.init(category: "transport", detail: Self.urlErrorName(error.code))
    case is CancellationError:
      self.init(category: "cancelled", detail: "")
    // 0.x
    case ApolloDelegateTransport.GraphQLHTTPRequestError.cancelledByDelegate:
      self.init(category: "vetoed", detail: "cancelledByDelegate")
    case let error as GraphQLHTTPResponseError:
      switch error.kind {
      case .errorResponse: self.init(category: "http", detail: String(error.response.statusCode))
      case .invalidResponse: self.init(category: "invalidResponse", detail: "")
      default: self.init(category: "http", detail: "\(error.kind) \(error.response.statusCode)")
      }
    case let error as ApolloDelegateTransport.URLSessionClient.URLSessionClientError:
      if case .networkError(_, _, let underlying) = error { self.init(underlying) } else { self.init(category: "transport", detail: "\(error)") }
    case let error as GraphQLResultError:
      self.init(category: "decoding", detail: error.pathString)
    // 1.x
    case let error as ApolloCallbackChain.URLSessionClient.URLSessionClientError:
      if case .networkError(_, _, let underlying) = error { self.init(underlying) } else { self.init(category: "transport", detail: "\(error)") }
    case ApolloCallbackChain.ResponseCodeInterceptor.ResponseCodeError.invalidResponseCode(let response, _):
      self.init(category: "http", detail: response.map { String($0.statusCode) } ?? "no response")
    case is V1MaxRetryInterceptor.RetryError:
      self.init(category: "retryLimit", detail: "")
    case let error as ApolloCallbackChain.JSONResponseParsingInterceptor.JSONResponseParsingError:
      self.init(category: "invalidResponse", detail: "\(error)".components(separatedBy: "(").first ?? "")
    case let error as ApolloCallbackChain.AutomaticPersistedQueryInterceptor.APQError:
      self.init(category: "apq", detail: "\(error)".components(separatedBy: "(").first ?? "")
    case let error as ApolloCallbackChain.ApolloClient.ApolloClientError:
      self.init(category: "other", detail: "\(error)")
    // 2.x
    case let error as ApolloAsyncChain.ResponseCodeInterceptor.ResponseCodeError:
      self.init(category: "http", detail: String(error.response.statusCode))
    case is V2MaxRetryInterceptor.MaxRetriesError:
      self.init(category: "retryLimit", detail: "")
    case let error as ApolloAsyncChain.JSONResponseParsingError:
      self.init(category: "invalidResponse", detail: "\(error)".components(separatedBy: "(").first ?? "")
    case let error as ApolloAsyncChain.AutomaticPersistedQueryInterceptor.APQError:
      self.init(category: "apq", detail: "\(error)".components(separatedBy: "(").first ?? "")
    case let error as V2Client.Error:
      self.init(category: error == .noResults ? "noResults" : "other", detail: error == .noResults ? "" : "\(error)")
    // Shared
    case is JSONDecodingError:
      self.init(category: "decoding", detail: "")
    case let error as GraphQLExecutionError:
      self.init(category: "decoding", detail: error.pathString)
    case let error as JSONParsingError:
      self.init(category: "invalidResponse", detail: "JSONParsingError \(error.description.prefix(40))")
    case let error as ScriptedServerError:
      self.init(category: "other", detail: error.description)
    default:
      // An app's own error: its type and its value, so two cases of one enum are told apart.
      self.init(category: "other", detail: "\(String(reflecting: type(of: error))) \(error)")
    }
  }

  private static func urlErrorName(_ code: URLError.Code) -> String {
    switch code {
    case .timedOut: return "timedOut"
    case .cannotConnectToHost: return "cannotConnectToHost"
    case .networkConnectionLost: return "networkConnectionLost"
    case .cancelled: return "cancelled"
    case .notConnectedToInternet: return "notConnectedToInternet"
    default: return "code \(code.rawValue)"
    }
  }
}
