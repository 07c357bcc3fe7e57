/// One thing the caller received.
public enum ParityDelivery: Sendable, Hashable, Codable {
  /// A result: its data and GraphQL error messages as JSON text, and where it came from.
  case result(data: String?, errors: [String]?, source: String)
  /// A failure, classified so that the same failure compares equal across generations.
  case failure(ParityFailure)
}
