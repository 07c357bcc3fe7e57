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
    self.json = ["name": .string(name), "version": .string(version)]
  }

  /// `{"name": …, "version": …}`, built once: every request body carries the same member.
  public let json: JSON

  /// Sets `extensions.clientLibrary` in `body`, keeping the other extensions.
  public func add(to body: inout JSON.Object) {
    // Taken out of `body` first, so the extensions object is changed in place rather than copied.
    var extensions = body.removeValue(forKey: "extensions")?.objectValue ?? [:]
    extensions["clientLibrary"] = json
    body["extensions"] = .object(extensions)
  }
}
