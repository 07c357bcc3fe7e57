// An interceptor that refreshes an expired token and retries. It recognizes an authentication failure
// (a 401 ResponseCodeError, or a GraphQL error with extensions.code UNAUTHENTICATED), fetches a new
// token from POST /auth/token, and throws `RequestChain<Request>.Retry(request:)` carrying the new
// Authorization header. The default MaxRetryInterceptor in front of it bounds the retries.
//
//   swift run ReauthenticationExample                                # in-process scripted server, no setup
//   swift run ReauthenticationExample http://127.0.0.1:4010/graphql  # TestServer (scripts/test-server.sh start);
//                                                                    # /graphql is switched to /graphql-auth
import ApolloAsyncChain
import Foundation
import StarWarsAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The current token, and how to get a new one.
actor TokenStore {
  private(set) var token: String
  private(set) var refreshCount = 0
  private let tokenURL: URL
  private let session: any HTTPStreamingSession

  init(token: String, tokenURL: URL, session: any HTTPStreamingSession) {
    self.token = token
    self.tokenURL = tokenURL
    self.session = session
  }

  /// `POST /auth/token`, answering `{"token": "...", "user": "..."}`.
  func refresh() async throws -> String {
    var request = URLRequest(url: tokenURL)
    request.httpMethod = "POST"
    let response = try await session.start(request)
    var body = Data()
    for try await bytes in response.body { body.append(bytes) }
    guard response.response.statusCode == 200, let fresh = try JSONParser.parseObject(body)["token"]?.stringValue else {
      throw AuthenticationError("POST \(tokenURL.path) answered \(response.response.statusCode)")
    }
    token = fresh
    refreshCount += 1
    return fresh
  }
}

struct AuthenticationError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

struct ReauthenticationInterceptor: GraphQLInterceptor {
  let tokens: TokenStore

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    var request = request
    request.addHeader(name: "Authorization", value: "Bearer \(await tokens.token)")
    let sent = request
    let tokens = self.tokens

    @Sendable func retryWithFreshToken() async throws -> Never {
      let fresh = try await tokens.refresh()
      print("  refreshed the token: \(fresh)")
      var retry = sent
      retry.addHeader(name: "Authorization", value: "Bearer \(fresh)")
      throw RequestChain<Request>.Retry(request: retry)
    }

    // An HTTP 401 arrives as an error...
    let checked = await next(request).mapErrors { error in
      guard let responseError = error as? ResponseCodeInterceptor.ResponseCodeError,
        responseError.response.statusCode == 401
      else { throw error }
      print("  got HTTP 401")
      try await retryWithFreshToken()
    }
    // ...while a GraphQL-level UNAUTHENTICATED arrives as a result with errors.
    return await checked.map { parsed in
      let unauthenticated = parsed.result.errors?.contains { $0.extensions?["code"] as? String == "UNAUTHENTICATED" } ?? false
      guard unauthenticated else { return parsed }
      print("  got a GraphQL UNAUTHENTICATED error")
      try await retryWithFreshToken()
    }
  }
}

struct ReauthenticatingProvider: InterceptorProvider {
  let tokens: TokenStore

  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    DefaultInterceptorProvider.shared.graphQLInterceptors(for: operation) + [ReauthenticationInterceptor(tokens: tokens)]
  }
}

let environment = ExampleEnvironment.fromCommandLine()
let session: any HTTPStreamingSession = environment.isEmbedded ? StarWarsScriptedServer.makeAuthenticating() : environment.session
var endpoint = environment.endpoint
if !environment.isEmbedded, endpoint.lastPathComponent == "graphql" {
  endpoint = endpoint.deletingLastPathComponent().appendingPathComponent("graphql-auth")
}
var tokenURL = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
tokenURL?.path = "/auth/token"
tokenURL?.query = nil
let tokens = TokenStore(token: "expired-token", tokenURL: tokenURL?.url ?? endpoint, session: session)
let store = ApolloStore()
let transport = RequestChainNetworkTransport(
  urlSession: ApolloURLSessionOnStreamingSession(session), interceptorProvider: ReauthenticatingProvider(tokens: tokens),
  store: store, endpointURL: endpoint)
let client = ApolloClient(networkTransport: transport, store: store)
print("Endpoint: \(environment.isEmbedded ? environment.summary : endpoint.absoluteString), starting with \"expired-token\""
  + (endpoint != environment.endpoint ? " (switched from the given /graphql to /graphql-auth, the route that answers 401 without a valid token)" : ""))

do {
  let response = try await client.fetch(query: MeQuery(), cachePolicy: .networkOnly)
  guard let user = response.data?.me else { throw AuthenticationError("no user; errors: \(response.errors ?? [])") }
  let refreshes = await tokens.refreshCount
  print("Me: \(user) (after \(refreshes) token refresh)")
  guard refreshes == 1 else { throw AuthenticationError("expected exactly one refresh, got \(refreshes)") }
} catch {
  print("Failed: \(error)")
  exit(1)
}
