import Foundation

/// The `extensions.clientLibrary` member of a request body: which library, at which version, sent it.
///
/// 1.x (since 1.21) and 2.x send it, each naming the release it is; the version is the generation's to
/// say (`ApolloCallbackChain.Constants`, `ApolloAsyncChain.ApolloLibraryInfo`), so the core holds none.
public struct ClientLibraryExtension: Sendable, Hashable {
  /// Reported as `extensions.clientLibrary.name`.
  public let name: String
  /// Reported as `extensions.clientLibrary.version`.
  public let version: String

  /// The member naming `name` at `version`.
  public init(name: String, version: String) {
    self.name = name
    self.version = version
  }

  /// `{"name": …, "version": …}`.
  public var json: JSON { ["name": .string(name), "version": .string(version)] }

  /// Sets `extensions.clientLibrary` in `body`, keeping the other extensions.
  public func add(to body: inout JSON.Object) {
    var extensions = body["extensions"]?.objectValue ?? [:]
    extensions["clientLibrary"] = json
    body["extensions"] = .object(extensions)
  }
}
