import Foundation

/// The library this module reports in `extensions.clientLibrary`: upstream's name and the 2.x release
/// these modules model.
public enum ApolloLibraryInfo {
  /// Reported as `extensions.clientLibrary.name`.
  public static let name = "apollo-ios"
  /// Reported as `extensions.clientLibrary.version`: the upstream release this module models.
  public static let version = "2.4.0"

  /// The member sent when the client's metadata asks for library awareness.
  static let clientLibrary = ClientLibraryExtension(name: name, version: version)
}
