/// A generation of Apollo iOS networking.
public enum ParityGeneration: String, Sendable, CaseIterable, Codable, Comparable {
  /// 0.x: `HTTPNetworkTransport` and its delegates (`ApolloDelegateTransport`).
  case v0 = "0.x"
  /// 1.x: the callback request chain (`ApolloCallbackChain`).
  case v1 = "1.x"
  /// 2.x: the async request chain (`ApolloAsyncChain`).
  case v2 = "2.x"

  public static func < (lhs: ParityGeneration, rhs: ParityGeneration) -> Bool {
    lhs.rawValue < rhs.rawValue  // "0.x" < "1.x" < "2.x"
  }
}
