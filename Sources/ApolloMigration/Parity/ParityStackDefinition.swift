import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A stack built from an app's own hooks: its 0.x delegate object, its 1.x provider or its 2.x
/// provider, natively or through one of this module's adapters.
///
/// ```swift
/// let stacks: [ParityStackDefinition] = [
///   .delegateTransport("0.x app") { Network() },                      // the 0.x transport as shipped
///   .delegatesOnAsyncChain("0.x hooks on 2.x") { Network() },         // the same delegate, adapted
///   .asyncChain("2.x rewrite") { store in AppInterceptorProvider() }, // the hooks rewritten for 2.x
/// ]
/// ```
///
/// Every run makes its hooks anew (each closure is called once per run), with a fresh store, so runs do
/// not leak state into each other. ``ParityHarness`` compares the stacks' traces.
///
/// Stacks of 0.x hooks send no ``ParityTransportOptions/additionalHeaders``: a 0.x transport had no such
/// option (an app added its headers in `willSend`), and the adapters keep it that way.
public struct ParityStackDefinition: Sendable {
  /// The stack's name in reports.
  public let name: String
  /// The generation of the client the stack is called through.
  public let callSurface: ParityGeneration
  let make: @Sendable (ParityStackContext) -> ParityClient

  init(name: String, callSurface: ParityGeneration, make: @escaping @Sendable (ParityStackContext) -> ParityClient) {
    self.name = name
    self.callSurface = callSurface
    self.make = make
  }

  /// One of the built-in stacks, with the catalog's own hooks (``ParityHooks``).
  public static func builtIn(_ stack: ParityStack) -> ParityStackDefinition {
    ParityStackDefinition(name: stack.rawValue, callSurface: stack.callSurface) { context in
      ParityStackBuilder(stack: stack, context: context).build()
    }
  }

  // MARK: 0.x hooks

  /// The 0.x `HTTPNetworkTransport` with `delegate`, called through the 0.x `ApolloClient`.
  public static func delegateTransport(
    _ name: String, delegate: @escaping @Sendable () -> any HTTPNetworkTransportDelegate
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v0) { context in
      let delegate = delegate()
      let transport = HTTPNetworkTransport(
        url: context.endpoint, client: context.delegateTransportClient(),
        useGETForQueries: context.options.useGETForQueries, enableAutoPersistedQueries: context.options.autoPersistQueries)
      transport.delegate = delegate
      return .v0(V0Client(networkTransport: transport, store: context.store), keepAlive: [SendableBox(delegate)])
    }
  }

  /// `delegate` as 2.x interceptors (``DelegateTransportInterceptorProvider``), called through the 2.x `ApolloClient`.
  public static func delegatesOnAsyncChain(
    _ name: String, delegate: @escaping @Sendable () -> any HTTPNetworkTransportDelegate
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v2) { context in
      let delegate = delegate()
      let provider = DelegateTransportInterceptorProvider(delegate: delegate, transport: context.standInTransport())
      return .v2(V2Client(networkTransport: context.asyncChainTransport(provider, additionalHeaders: [:]), store: context.store),
                 keepAlive: [SendableBox(delegate)])
    }
  }

  /// `delegate` as a 1.x provider (``DelegateTransportCallbackInterceptorProvider``), called through the 1.x `ApolloClient`.
  public static func delegatesOnCallbackChain(
    _ name: String, delegate: @escaping @Sendable () -> any HTTPNetworkTransportDelegate
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v1) { context in
      let delegate = delegate()
      let provider = DelegateTransportCallbackInterceptorProvider(
        delegate: delegate, transport: context.standInTransport(), client: context.callbackChainClient(), store: context.store)
      return .v1(V1Client(networkTransport: context.callbackChainTransport(provider, additionalHeaders: [:]), store: context.store),
                 keepAlive: [SendableBox(delegate)])
    }
  }

  /// The 0.x call surface on the 2.x engine (``HTTPNetworkTransportOnAsyncChain``) with `delegate`.
  public static func delegateTransportOnAsyncChain(
    _ name: String, delegate: @escaping @Sendable () -> any HTTPNetworkTransportDelegate
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v0) { context in
      let delegate = delegate()
      let transport = HTTPNetworkTransportOnAsyncChain(
        url: context.endpoint, session: context.urlSession, useGETForQueries: context.options.useGETForQueries,
        enableAutoPersistedQueries: context.options.autoPersistQueries, callbackQueue: context.callbackQueue)
      transport.delegate = delegate
      return .v0(V0Client(networkTransport: transport, store: context.store), keepAlive: [SendableBox(delegate)])
    }
  }

  // MARK: 1.x hooks

  /// The 1.x provider `provider(client, store)` makes, on the 1.x chain and client.
  public static func callbackChain(
    _ name: String,
    provider: @escaping @Sendable (ApolloCallbackChain.URLSessionClient, ApolloStore) -> any ApolloCallbackChain.InterceptorProvider
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v1) { context in
      let provider = provider(context.callbackChainClient(), context.store)
      return .v1(V1Client(networkTransport: context.callbackChainTransport(provider), store: context.store),
                 keepAlive: [SendableBox(provider)])
    }
  }

  /// The 1.x provider adapted to the 2.x chain (``CallbackProviderOnAsyncChain``), called through the 2.x client.
  public static func callbackProviderOnAsyncChain(
    _ name: String,
    provider: @escaping @Sendable (ApolloCallbackChain.URLSessionClient, ApolloStore) -> any ApolloCallbackChain.InterceptorProvider
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v2) { context in
      let callbackProvider = provider(context.callbackChainClient(), context.store)
      let adapted = CallbackProviderOnAsyncChain(callbackProvider, store: context.store)
      return .v2(V2Client(networkTransport: context.asyncChainTransport(adapted), store: context.store),
                 keepAlive: [SendableBox(callbackProvider)])
    }
  }

  /// The 1.x call surface on the 2.x engine (``RequestChainNetworkTransportOnAsyncChain``) with the 1.x provider.
  public static func callbackTransportOnAsyncChain(
    _ name: String,
    provider: @escaping @Sendable (ApolloCallbackChain.URLSessionClient, ApolloStore) -> any ApolloCallbackChain.InterceptorProvider
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v1) { context in
      let callbackProvider = provider(context.callbackChainClient(), context.store)
      return .v1(V1Client(networkTransport: context.callbackFacadeTransport(callbackProvider), store: context.store),
                 keepAlive: [SendableBox(callbackProvider)])
    }
  }

  // MARK: 2.x hooks

  /// The 2.x provider `provider(store)` makes, on the 2.x chain and client.
  public static func asyncChain(
    _ name: String, provider: @escaping @Sendable (ApolloStore) -> any ApolloAsyncChain.InterceptorProvider
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v2) { context in
      .v2(V2Client(networkTransport: context.asyncChainTransport(provider(context.store)), store: context.store), keepAlive: [])
    }
  }
}

// MARK: Clients the app builds itself

extension ParityStackDefinition {
  /// A 0.x client the app builds itself from `context`: its own transport subclass, `SplitNetworkTransport`,
  /// request creator or client options. Build it on ``ParityStackContext/store`` and send through
  /// ``ParityStackContext/delegateTransportClient()`` (or ``ParityStackContext/urlSession`` for the facade),
  /// so the scenario's server answers and the trace sees the store. Return, beside the client, whatever
  /// the transport holds weakly (a 0.x transport's `delegate`) so it lives as long as the run.
  public static func delegateTransportClient(
    _ name: String, make: @escaping @Sendable (ParityStackContext) -> (ApolloDelegateTransport.ApolloClient, keepingAlive: [Any])
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v0) { context in
      let (client, keepingAlive) = make(context)
      return .v0(client, keepAlive: [SendableBox(keepingAlive)])
    }
  }

  /// A 1.x client the app builds itself from `context` (see ``delegateTransportClient(_:make:)``): send
  /// through ``ParityStackContext/callbackChainClient()``, or ``ParityStackContext/urlSession`` for the
  /// 1.x facade on the 2.x engine.
  public static func callbackChainClient(
    _ name: String, make: @escaping @Sendable (ParityStackContext) -> (ApolloCallbackChain.ApolloClient, keepingAlive: [Any])
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v1) { context in
      let (client, keepingAlive) = make(context)
      return .v1(client, keepAlive: [SendableBox(keepingAlive)])
    }
  }

  /// A 2.x client the app builds itself from `context` (see ``delegateTransportClient(_:make:)``): send
  /// through ``ParityStackContext/urlSession``.
  public static func asyncChainClient(
    _ name: String, make: @escaping @Sendable (ParityStackContext) -> ApolloAsyncChain.ApolloClient
  ) -> ParityStackDefinition {
    ParityStackDefinition(name: name, callSurface: .v2) { context in .v2(make(context), keepAlive: []) }
  }
}

extension OperationQueue {
  /// A serial operation queue that runs its work on `queue`: how the 0.x and 1.x clients take a
  /// callback queue.
  static func serial(on queue: DispatchQueue) -> OperationQueue {
    let operations = OperationQueue()
    operations.maxConcurrentOperationCount = 1
    operations.underlyingQueue = queue
    return operations
  }
}

/// Keeps an app's hook object alive for a run.
struct SendableBox: @unchecked Sendable {
  // @unchecked Sendable: `value` is never read, from any thread; the box only holds the reference until
  // the run ends, so no state is shared through it.
  let value: Any
  init(_ value: Any) { self.value = value }
}
