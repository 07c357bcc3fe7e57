import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A 1.x app that subclassed `RequestChainNetworkTransport` to override `constructRequest` subclasses the 1.x facade
/// instead, with the same override: the same requests reach the wire as on 1.x's own transport.
final class CallbackFacadeSubclassTests: XCTestCase {
  /// Sends `HeroNameQuery` once through `transport` (with a token interceptor before the fetch) and returns the one
  /// request the server saw.
  private func wireRequest(
    of makeTransport: (any ApolloCallbackChain.InterceptorProvider, ScriptedServer, ApolloStore) -> any ApolloCallbackChain.NetworkTransport
  ) -> ScriptedRequest? {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let tokens = Recorder<String>()
    tokens.append("secret")
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [TokenInterceptor(tokens: tokens)]) }
    let transport = makeTransport(provider, server, store)
    let done = expectation(description: "answered")
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, contextIdentifier: nil,
                       context: nil, callbackQueue: callbacks) { result in
      XCTAssertNotNil(try? result.get().data, "\(result)")
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    settle()
    XCTAssertEqual(server.requests.count, 1)
    return server.requests.first
  }

  func test_anOverrideOfConstructRequest_changesTheWireAsOn1x() throws {
    let native = try XCTUnwrap(wireRequest { provider, _, _ in
      TenantTransportV1(interceptorProvider: provider, endpointURL: endpoint)
    })
    let adapted = try XCTUnwrap(wireRequest { provider, server, store in
      TenantTransportOnAsyncChain(interceptorProvider: provider, endpointURL: endpoint, urlSession: server, store: store)
    })
    XCTAssertEqual(native.urlRequest.url?.path, "/tenant/blue/graphql")
    XCTAssertEqual(native.header("X-Tenant"), "blue")
    XCTAssertEqual(adapted.urlRequest.url, native.urlRequest.url)
    XCTAssertEqual(adapted.header("X-Tenant"), native.header("X-Tenant"))
    XCTAssertEqual(adapted.header("Authorization"), native.header("Authorization"))
    XCTAssertEqual(adapted.graphQLBody, native.graphQLBody)
  }

  /// The override returns a `JSONRequest` subclass that signs what it sends in `toURLRequest()`: the signature covers
  /// the token the interceptor added, on 1.x's own transport and on the facade alike.
  func test_aRequestOfTheAppsOwnType_makesItsOwnWire_afterTheInterceptors() throws {
    let native = try XCTUnwrap(wireRequest { provider, _, _ in
      SigningTransportV1(interceptorProvider: provider, endpointURL: endpoint)
    })
    let adapted = try XCTUnwrap(wireRequest { provider, server, store in
      SigningTransportOnAsyncChain(interceptorProvider: provider, endpointURL: endpoint, urlSession: server, store: store)
    })
    XCTAssertEqual(native.header("X-Signature"), "Bearer secret|POST|/graphql")
    XCTAssertEqual(adapted.header("X-Signature"), native.header("X-Signature"))
    XCTAssertEqual(adapted.header("Authorization"), native.header("Authorization"))
    XCTAssertEqual(adapted.graphQLBody, native.graphQLBody)
  }
}

/// The override both tenant transports share: the tenant's path and header on super's request.
private func tenant<Operation: GraphQLOperation>(_ request: ApolloCallbackChain.HTTPRequest<Operation>) -> ApolloCallbackChain.HTTPRequest<Operation> {
  request.graphQLEndpoint = request.graphQLEndpoint.deletingLastPathComponent()
    .appendingPathComponent("tenant/blue/graphql")
  request.addHeader(name: "X-Tenant", value: "blue")
  return request
}

private final class TenantTransportV1: ApolloCallbackChain.RequestChainNetworkTransport, @unchecked Sendable {
  // @unchecked Sendable: no state of its own.
  override func constructRequest<Operation: GraphQLOperation>(
    for operation: Operation, cachePolicy: ApolloCallbackChain.CachePolicy, contextIdentifier: UUID? = nil,
    context: (any ApolloCallbackChain.RequestContext)? = nil
  ) -> ApolloCallbackChain.HTTPRequest<Operation> {
    tenant(super.constructRequest(for: operation, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier, context: context))
  }
}

private final class TenantTransportOnAsyncChain: RequestChainNetworkTransportOnAsyncChain, @unchecked Sendable {
  // @unchecked Sendable: no state of its own.
  override func constructRequest<Operation: GraphQLOperation>(
    for operation: Operation, cachePolicy: ApolloCallbackChain.CachePolicy, contextIdentifier: UUID? = nil,
    context: (any ApolloCallbackChain.RequestContext)? = nil
  ) -> ApolloCallbackChain.HTTPRequest<Operation> {
    tenant(super.constructRequest(for: operation, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier, context: context))
  }
}

/// A 1.x request that signs its own wire: the `Authorization` header, method and path it sends.
private final class SigningJSONRequest<Operation: GraphQLOperation>: ApolloCallbackChain.JSONRequest<Operation>, @unchecked Sendable {
  // @unchecked Sendable: no state of its own.
  override func toURLRequest() throws -> URLRequest {
    var request = try super.toURLRequest()
    let signed = [request.value(forHTTPHeaderField: "Authorization") ?? "", request.httpMethod ?? "", request.url?.path ?? ""]
    request.setValue(signed.joined(separator: "|"), forHTTPHeaderField: "X-Signature")
    return request
  }
}

/// The override both signing transports share: super's request, remade as a signing one.
private func signing<Operation: GraphQLOperation>(_ request: ApolloCallbackChain.HTTPRequest<Operation>) -> ApolloCallbackChain.HTTPRequest<Operation> {
  guard let json = request as? ApolloCallbackChain.JSONRequest<Operation> else { return request }
  return SigningJSONRequest(
    operation: json.operation, graphQLEndpoint: json.graphQLEndpoint, contextIdentifier: json.contextIdentifier,
    clientName: ApolloCallbackChain.RequestChainNetworkTransport.defaultClientName,
    clientVersion: ApolloCallbackChain.RequestChainNetworkTransport.defaultClientVersion,
    additionalHeaders: json.additionalHeaders, cachePolicy: json.cachePolicy, context: json.context,
    autoPersistQueries: json.autoPersistQueries, useGETForQueries: json.useGETForQueries,
    useGETForPersistedQueryRetry: json.useGETForPersistedQueryRetry, requestBodyCreator: json.requestBodyCreator,
    sendEnhancedClientAwareness: json.sendEnhancedClientAwareness)
}

private final class SigningTransportV1: ApolloCallbackChain.RequestChainNetworkTransport, @unchecked Sendable {
  // @unchecked Sendable: no state of its own.
  override func constructRequest<Operation: GraphQLOperation>(
    for operation: Operation, cachePolicy: ApolloCallbackChain.CachePolicy, contextIdentifier: UUID? = nil,
    context: (any ApolloCallbackChain.RequestContext)? = nil
  ) -> ApolloCallbackChain.HTTPRequest<Operation> {
    signing(super.constructRequest(for: operation, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier, context: context))
  }
}

private final class SigningTransportOnAsyncChain: RequestChainNetworkTransportOnAsyncChain, @unchecked Sendable {
  // @unchecked Sendable: no state of its own.
  override func constructRequest<Operation: GraphQLOperation>(
    for operation: Operation, cachePolicy: ApolloCallbackChain.CachePolicy, contextIdentifier: UUID? = nil,
    context: (any ApolloCallbackChain.RequestContext)? = nil
  ) -> ApolloCallbackChain.HTTPRequest<Operation> {
    signing(super.constructRequest(for: operation, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier, context: context))
  }
}
