/// A `@defer` fragment's data: arrived, awaited, or not asked for.
@propertyWrapper
public struct Deferred<Fragment: Deferrable>: Sendable {
  public enum State: Sendable {
    /// The data arrived.
    case fulfilled(Fragment)
    /// The server will send it in a later payload.
    case pending
    /// The fragment was not executed (its condition was false and it was read now, or it was never
    /// part of this data).
    case notExecuted
  }

  public let state: State

  public init(_dataDict: DataDict) {
    let id = ObjectIdentifier(Fragment.self)
    if _dataDict._fulfilledFragments.contains(id) {
      state = .fulfilled(Fragment(_dataDict: _dataDict))
    } else if _dataDict._deferredFragments.contains(id) {
      state = .pending
    } else {
      state = .notExecuted
    }
  }

  public var projectedValue: State { state }

  public var wrappedValue: Fragment? {
    guard case .fulfilled(let fragment) = state else { return nil }
    return fragment
  }
}
