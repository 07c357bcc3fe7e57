import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the client tells the server about itself.
public struct ClientAwarenessMetadata: Sendable, Hashable {
  /// Sent as `apollographql-client-name` when set.
  public let clientApplicationName: String?
  /// Sent as `apollographql-client-version` when set.
  public let clientApplicationVersion: String?
  /// Adds `extensions.clientLibrary` to request bodies.
  public let includeApolloLibraryAwareness: Bool

  /// By default no name or version headers, and the library's own name and version in `extensions.clientLibrary`.
  public init(clientApplicationName: String? = nil, clientApplicationVersion: String? = nil,
              includeApolloLibraryAwareness: Bool = true) {
    self.clientApplicationName = clientApplicationName
    self.clientApplicationVersion = clientApplicationVersion
    self.includeApolloLibraryAwareness = includeApolloLibraryAwareness
  }

  /// Sends nothing.
  public static var none: ClientAwarenessMetadata {
    ClientAwarenessMetadata(includeApolloLibraryAwareness: false)
  }

  /// The bundle-derived name and version, and the library extension.
  public static var enabledWithDefaults: ClientAwarenessMetadata {
    ClientAwarenessMetadata(clientApplicationName: defaultClientName, clientApplicationVersion: defaultClientVersion,
                            includeApolloLibraryAwareness: true)
  }

  /// `"<bundle identifier>-apollo-ios"` or `"apollo-ios-client"`.
  public static var defaultClientName: String { ClientAwareness.defaultClientName }
  /// The bundle's version and build, or `"(unknown)"`.
  public static var defaultClientVersion: String { ClientAwareness.defaultClientVersion }

  /// Appends the name and version headers that are set.
  public func applyHeaders(to request: inout URLRequest) {
    var headers = HTTPHeaderFields()
    appendHeaders(to: &headers)
    for (name, value) in headers.dictionary { request.addValue(value, forHTTPHeaderField: name) }
  }

  /// Appends the name and version headers that are set.
  func appendHeaders(to headers: inout HTTPHeaderFields) {
    if let clientApplicationName { headers.append(clientApplicationName, for: ClientAwareness.clientNameHeader) }
    if let clientApplicationVersion { headers.append(clientApplicationVersion, for: ClientAwareness.clientVersionHeader) }
  }
}
