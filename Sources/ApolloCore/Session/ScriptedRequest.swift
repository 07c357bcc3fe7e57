import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as the scripted server sees it, with the GraphQL members already decoded.
public struct ScriptedRequest: Sendable {
  /// The request as sent.
  public let urlRequest: URLRequest
  /// The body (POST JSON) or the query items (GET) as a JSON object; `nil` for other bodies.
  public let graphQLBody: JSON.Object?
  /// 1 for the first request the server received, 2 for the second, …
  public let sequenceNumber: Int

  /// `operationName` from the body.
  public var operationName: String? { graphQLBody?["operationName"]?.stringValue }
  /// `query` from the body.
  public var query: String? { graphQLBody?["query"]?.stringValue }
  /// `variables` from the body.
  public var variables: JSON.Object? { graphQLBody?["variables"]?.objectValue }
  /// `extensions` from the body.
  public var extensions: JSON.Object? { graphQLBody?["extensions"]?.objectValue }
  /// The HTTP method.
  public var method: String { urlRequest.httpMethod ?? "GET" }
  /// A header value, looked up case-insensitively.
  public func header(_ name: String) -> String? { urlRequest.value(forHTTPHeaderField: name) }
}

extension ScriptedRequest {
  /// A request received elsewhere (a real server's request log), decoded as the scripted server decodes
  /// the requests it receives.
  public init(recorded urlRequest: URLRequest, sequenceNumber: Int) {
    self.init(urlRequest: urlRequest, graphQLBody: ScriptedServer.graphQLBody(of: urlRequest), sequenceNumber: sequenceNumber)
  }
}
