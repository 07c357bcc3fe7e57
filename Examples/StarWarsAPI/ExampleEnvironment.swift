import ApolloCore
import Foundation

/// Where an example sends its requests: the in-process scripted server by default, or a live endpoint
/// given as the first command-line argument (for example TestServer's `http://127.0.0.1:4010/graphql`).
public struct ExampleEnvironment: Sendable {
  /// The GraphQL endpoint.
  public let endpoint: URL
  /// The session that reaches it.
  public let session: any HTTPStreamingSession
  /// Whether this is the embedded scripted server.
  public let isEmbedded: Bool

  /// Reads the endpoint from the command line.
  public static func fromCommandLine(_ arguments: [String] = CommandLine.arguments) -> ExampleEnvironment {
    if arguments.count > 1, let url = URL(string: arguments[1]), url.scheme?.hasPrefix("http") == true {
      return ExampleEnvironment(endpoint: url, session: URLSessionStreamingSession(), isEmbedded: false)
    }
    return ExampleEnvironment(
      endpoint: URL(string: "http://embedded.invalid/graphql") ?? URL(fileURLWithPath: "/"),
      session: StarWarsScriptedServer.make(), isEmbedded: true)
  }

  /// A one-line description for the example's output.
  public var summary: String {
    isEmbedded ? "embedded scripted server" : endpoint.absoluteString
  }
}
