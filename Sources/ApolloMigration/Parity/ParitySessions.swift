import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What each generation's stack loads through for one run: the in-process scripted server, or real
/// HTTP through each generation's own `URLSession` client.
struct ParitySessions: Sendable {
  /// The 2.x engine's session (and the 0.x facade's).
  let streaming: any HTTPStreamingSession & ApolloURLSession
  /// A 0.x `URLSessionClient` calling back on `queue`.
  let v0Client: @Sendable (OperationQueue) -> ApolloDelegateTransport.URLSessionClient
  /// A 1.x `URLSessionClient` calling back on `queue`.
  let v1Client: @Sendable (DispatchQueue) -> ApolloCallbackChain.URLSessionClient

  static func scripted(_ server: ScriptedServer) -> ParitySessions {
    ParitySessions(
      streaming: server,
      v0Client: { queue in V0ClientOnStreamingSession(session: server, callbackQueue: queue) },
      v1Client: { queue in V1ClientOnStreamingSession(session: server, callbackQueue: queue) })
  }

  /// Each generation's own client over an ephemeral `URLSession`, as an app would have it.
  static func live() -> ParitySessions {
    ParitySessions(
      streaming: URLSessionStreamingSession(configuration: .ephemeral),
      v0Client: { queue in ApolloDelegateTransport.URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue) },
      v1Client: { queue in ApolloCallbackChain.URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: .serial(on: queue)) })
  }
}
