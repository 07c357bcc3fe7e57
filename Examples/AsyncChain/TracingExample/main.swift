// Task-local tracing through the request chain. TracingInterceptor binds a correlation id around
// `await next(request)` with the ~Copyable `withValue` overload; everything after it in the chain sees
// the id: a later GraphQL interceptor adds it as `X-Correlation-ID` (with `request.addHeader`) and an
// HTTP interceptor adds `X-Request-ID: <id>/http` to the URLRequest. The server echoes each header back.
//
//   swift run TracingExample                                # in-process scripted server, no setup
//   swift run TracingExample http://127.0.0.1:4010/graphql  # TestServer (scripts/test-server.sh start)
import ApolloAsyncChain
import Foundation
import StarWarsAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum Tracing {
  @TaskLocal static var correlationID: String?
}

/// The ids bound so far, so that the example can check what the server echoed.
let boundIDs = Mutex<[String]>([])

struct TracingInterceptor: GraphQLInterceptor {
  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    let id = "trace-" + UUID().uuidString.prefix(8).lowercased()
    boundIDs.withLock { $0.append(id) }
    print("  TracingInterceptor (GraphQL)   binds \(id) for \(Request.Operation.operationName)")
    return await Tracing.$correlationID.withValue(id) { await next(request) }
  }
}

struct CorrelationHeaderInterceptor: GraphQLInterceptor {
  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    let id = Tracing.correlationID
    print("  CorrelationHeader (GraphQL)    sees \(id ?? "nil")")
    var request = request
    if let id { request.addHeader(name: "X-Correlation-ID", value: id) }
    return await next(request)
  }
}

struct RequestIDHTTPInterceptor: HTTPInterceptor {
  func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> HTTPResponse {
    let id = Tracing.correlationID
    print("  RequestIDHTTPInterceptor       sees \(id ?? "nil")")
    var request = request
    if let id { request.setValue(id + "/http", forHTTPHeaderField: "X-Request-ID") }
    return try await next(request)
  }
}

struct TracingProvider: InterceptorProvider {
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    [TracingInterceptor()] + DefaultInterceptorProvider.shared.graphQLInterceptors(for: operation)
      + [CorrelationHeaderInterceptor()]
  }

  func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
    DefaultInterceptorProvider.shared.httpInterceptors(for: operation) + [RequestIDHTTPInterceptor()]
  }
}

let environment = ExampleEnvironment.fromCommandLine()
let store = ApolloStore()
let transport = RequestChainNetworkTransport(
  urlSession: ApolloURLSessionOnStreamingSession(environment.session), interceptorProvider: TracingProvider(), store: store,
  endpointURL: environment.endpoint)
let client = ApolloClient(networkTransport: transport, store: store)
print("Server: \(environment.summary)")

var ok = true
for (header, suffix) in [("X-Correlation-ID", ""), ("X-Request-ID", "/http")] {
  print("Fetching RequestHeader(\"\(header)\"):")
  do {
    let response = try await client.fetch(query: RequestHeaderQuery(name: header), cachePolicy: .networkOnly)
    let echoed = response.data?.requestHeader
    let expected = boundIDs.withLock { $0.last }.map { $0 + suffix }
    print("  server received \(header): \(echoed ?? "<none>")")
    ok = ok && echoed != nil && echoed == expected
  } catch {
    print("  failed: \(error)")
    ok = false
  }
}
print("Outside the chain the id is \(Tracing.correlationID ?? "nil")")
exit(ok ? 0 : 1)
