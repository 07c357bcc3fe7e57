import ApolloCore

/// The main bundle's client-awareness defaults, read once.
///
/// `ClientAwareness` reads the bundle's info dictionary on every call, which showed up on the adapters'
/// per-send path; the main bundle does not change while the process runs, so the values are the same.
enum ClientAwarenessDefaults {
  static let clientName = ClientAwareness.defaultClientName
  static let clientVersion = ClientAwareness.defaultClientVersion
}
