import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client-awareness headers every generation can send, and their default values.
public enum ClientAwareness {
  /// `apollographql-client-name`
  public static let clientNameHeader = "apollographql-client-name"
  /// `apollographql-client-version`
  public static let clientVersionHeader = "apollographql-client-version"

  /// `"<bundle identifier>-apollo-ios"`, or `"apollo-ios-client"` when the main bundle has no identifier.
  public static let defaultClientName: String = {
    guard let identifier = Bundle.main.bundleIdentifier, !identifier.isEmpty else { return "apollo-ios-client" }
    return "\(identifier)-apollo-ios"
  }()

  /// `"<short version>-<build>"`, the short version or build alone when only one exists, else `"(unknown)"`.
  public static let defaultClientVersion: String = defaultClientVersion(joiningBuildWith: "-")

  /// The main bundle's short version and build joined by `separator` (0.x and 2.x use `-`, 1.x `+`), the
  /// short version or build alone when only one exists, else `"(unknown)"`.
  public static func defaultClientVersion(joiningBuildWith separator: String) -> String {
    switch (MainBundleVersion.short, MainBundleVersion.build) {
    case let (short?, build?): return short + separator + build
    case let (short?, nil): return short
    case let (nil, build?): return build
    case (nil, nil): return "(unknown)"
    }
  }

  /// The two header fields for a client `name` at `version`.
  public static func fields(clientName name: String, clientVersion version: String) -> [(name: String, value: String)] {
    var fields: [(name: String, value: String)] = []
    forEachField(clientName: name, clientVersion: version) { fields.append(($0, $1)) }
    return fields
  }

  /// Calls `body` with each field of ``fields(clientName:clientVersion:)``, in that order, without building
  /// the array (the 0.x and 1.x requests add them on every send).
  package static func forEachField(
    clientName name: String, clientVersion version: String, _ body: (_ name: String, _ value: String) -> Void
  ) {
    body(clientNameHeader, name)
    body(clientVersionHeader, version)
  }

  /// Sets (replacing) both header fields on `request`.
  public static func setHeaders(clientName name: String, clientVersion version: String, on request: inout URLRequest) {
    forEachField(clientName: name, clientVersion: version) { request.setValue($1, forHTTPHeaderField: $0) }
  }
}

/// The main bundle's version strings, read once: the bundle does not change while the process runs, and on
/// Linux `Bundle.infoDictionary` builds a new dictionary on every call. The native 0.x transport asks for its
/// default client version on every request, as 0.x did: that read was 18% of its request building in `perf`.
private enum MainBundleVersion {
  static let short = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String
  static let build = Bundle.main.infoDictionary?["CFBundleVersion"] as? String
}
