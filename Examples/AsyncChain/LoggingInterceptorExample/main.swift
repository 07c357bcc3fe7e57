// A GraphQLInterceptor that logs each request before `next`, each result on its way back (`map`) and
// each error (`mapErrors`, rethrowing so callers still see it). Runs a successful query, a query whose
// result carries GraphQL errors, and a request the server answers with HTTP 500.
//
//   swift run LoggingInterceptorExample                                # in-process scripted server, no setup
//   swift run LoggingInterceptorExample http://127.0.0.1:4010/graphql  # TestServer (scripts/test-server.sh start)
import ApolloAsyncChain
import Foundation
import StarWarsAPI

struct LoggingInterceptor: GraphQLInterceptor {
  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    let name = Request.Operation.operationName
    print("  [log] → \(name) to \(request.graphQLEndpoint.path)")
    let results = await next(request).map { parsed in
      let errors = parsed.result.errors?.map { $0.message ?? "?" } ?? []
      print("  [log] ← \(name) result from \(parsed.result.source)"
        + (errors.isEmpty ? "" : " with GraphQL errors: \(errors.joined(separator: "; "))"))
      return parsed
    }
    return await results.mapErrors { error in
      print("  [log] ✗ \(name) failed: \(error.localizedDescription)")
      throw error
    }
  }
}

struct LoggingProvider: InterceptorProvider {
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    DefaultInterceptorProvider.shared.graphQLInterceptors(for: operation) + [LoggingInterceptor()]
  }
}

func makeClient(_ session: any HTTPStreamingSession, _ endpoint: URL) -> ApolloClient {
  let store = ApolloStore()
  let transport = RequestChainNetworkTransport(
    urlSession: ApolloURLSessionOnStreamingSession(session), interceptorProvider: LoggingProvider(), store: store, endpointURL: endpoint)
  return ApolloClient(networkTransport: transport, store: store)
}

let environment = ExampleEnvironment.fromCommandLine()
print("Server: \(environment.summary)")
let client = makeClient(environment.session, environment.endpoint)

// A server that fails every request with 500: TestServer's fault route, or a scripted one.
let failing: ApolloClient
if environment.isEmbedded {
  let server = ScriptedServer { _ in .json(["errors": [["message": "status 500"]], "data": .null], statusCode: 500) }
  failing = makeClient(server, environment.endpoint)
} else {
  var components = URLComponents(url: environment.endpoint, resolvingAgainstBaseURL: false)
  components?.path = "/fault/status/500"
  components?.query = nil
  failing = makeClient(environment.session, components?.url ?? environment.endpoint)
}
print(environment.isEmbedded ? "Failing server: a scripted server that answers every request with 500"
  : "Failing server: the server's fault route /fault/status/500, not the /graphql given")

var ok = true

print("1. A query that succeeds")
do {
  let response = try await client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
  print("   hero: \(response.data?.hero?.name ?? "<none>")")
  ok = ok && response.data?.hero != nil
} catch {
  print("   unexpected error: \(error)")
  ok = false
}

print("2. A query whose result carries a GraphQL error (a result, not a thrown error)")
do {
  let response = try await client.fetch(query: ErrorFieldQuery(), cachePolicy: .networkOnly)
  print("   hero: \(response.data?.hero?.name ?? "<none>"), errors: \(response.errors?.count ?? 0)")
  ok = ok && response.errors?.isEmpty == false
} catch {
  print("   unexpected error: \(error)")
  ok = false
}

print("3. A request the server answers with HTTP 500")
do {
  let response = try await failing.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
  print("   unexpected success: \(response)")
  ok = false
} catch let error as ResponseCodeInterceptor.ResponseCodeError {
  print("   caller sees ResponseCodeError with status \(error.response.statusCode)")
  ok = ok && error.response.statusCode == 500
} catch {
  print("   unexpected error: \(error)")
  ok = false
}

exit(ok ? 0 : 1)
