import ApolloAsyncChain
import ApolloCore

/// One send's provider for the facade: the 0.x delegate adapter (which also applies the wire fix,
/// ``LegacyWire``), and the capturing parser.
struct FacadeInterceptorProvider: ApolloAsyncChain.InterceptorProvider {
  let delegates: DelegateTransportInterceptorProvider
  let capture: BodyCapture

  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    delegates.graphQLInterceptors(for: operation)
  }

  func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
    delegates.httpInterceptors(for: operation)
  }

  func responseParser<Operation: GraphQLOperation>(for operation: Operation) -> any ResponseParsingInterceptor {
    LegacyBodyParser(capture: capture)
  }
}
