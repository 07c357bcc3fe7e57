/// A `@defer` fragment's data: arrived, awaited, or not asked for.
@propertyWrapper
public struct Deferred<Fragment: Deferrable>: Sendable {
  /// Where a deferred fragment stands: read through the property wrapper's projected value (`$fragment`).
  public enum State: Sendable, Equatable {
    /// The data arrived.
    case fulfilled(Fragment)
    /// The server will send it in a later payload.
    case pending
    /// The fragment was not executed (its condition was false and it was read now, or it was never
    /// part of this data).
    case notExecuted
  }

  /// Whether the fragment's data arrived, is still awaited or was never asked for; fixed when the data
  /// was read.
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

  /// `$fragment` in generated code: the ``State``, to tell "pending" from "not executed".
  public var projectedValue: State { state }

  /// The fragment once its data has arrived, else `nil` (pending or not executed; see `projectedValue`).
  public var wrappedValue: Fragment? {
    guard case .fulfilled(let fragment) = state else { return nil }
    return fragment
  }
}
