/// The rule an adapted stack is held to.
extension ParityStack {
  /// The first difference between this stack's trace and what it must reproduce; `nil` when it does.
  ///
  /// An adapted stack reproduces its hooks' native generation on every compared aspect. Where the
  /// scenario declares that the native generations differ on an aspect, an adapter whose call surface
  /// is newer than its hooks (0.x delegates on 1.x or 2.x, 1.x interceptors on 2.x) may instead
  /// reproduce the native stack of its call surface on that aspect (the caller uses the newer client,
  /// which has its own rule there), but nothing else: a third behaviour fails. Facades keep the old
  /// call surface, so they always reproduce the old generation. A native stack has nothing to
  /// reproduce: `nil`.
  public func firstDifference(in scenario: ParityScenario, traces: [ParityStack: ParityTrace]) -> String? {
    guard let reference else { return nil }
    guard let trace = traces[self], let expected = traces[reference] else { return "missing trace" }
    let declared = Set(scenario.differences.map(\.aspect))
    for aspect in comparedAspects {
      guard let difference = trace.firstDifference(from: expected, in: [aspect], names: (rawValue, reference.rawValue))
      else { continue }
      let surface = ParityStack.native(callSurface)
      if callSurface != hooks, declared.contains(aspect), let surfaceTrace = traces[surface],
         trace.firstDifference(from: surfaceTrace, in: [aspect], names: ("", "")) == nil {
        continue
      }
      return difference
    }
    return nil
  }
}
