import Foundation

/// Library identity reported in `extensions.clientLibrary` (1.21+).
public enum Constants {
  /// The library name the request body's `extensions.clientLibrary.name` reports.
  public static let ApolloClientName = "apollo-ios"
  /// The upstream release this module models.
  public static let ApolloClientVersion = "1.25.7"

  /// The member a request sends when `sendEnhancedClientAwareness` is on.
  static let clientLibrary = ClientLibraryExtension(name: ApolloClientName, version: ApolloClientVersion)
}
