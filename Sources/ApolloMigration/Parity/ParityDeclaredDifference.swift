/// A part of a trace that can be compared on its own.
public enum ParityAspect: String, Sendable, CaseIterable, Codable {
  /// What the caller received (data, errors, source, failures) and how many times.
  case deliveries
  /// The requests on the wire: method, URL, hook and caller headers, GraphQL body members.
  case wire
  /// The headers and body members the engine writes on its own.
  case wireDialect
  /// The hooks' calls in order.
  case hookCalls
  /// The store's records afterwards.
  case store
}

/// A difference between native generations, declared in the scenario with its reason.
///
/// `values` holds, for each generation listed, the aspect exactly as it renders for that generation
/// (``ParityTrace/render(_:)``), so a declared difference that drifts fails too.
public struct ParityDeclaredDifference: Sendable {
  /// Which part of the trace differs.
  public var aspect: ParityAspect
  /// The aspect as each generation renders it.
  public var values: [ParityGeneration: String]
  /// Why the generations differ, in one sentence (it goes into MIGRATION.md's table).
  public var why: String

  /// Declares that native generations render `aspect` differently: `values` is each generation's rendering
  /// (generations that agree share one), `why` the reason, for MIGRATION.md.
  public init(_ aspect: ParityAspect, _ values: [ParityGeneration: String], why: String) {
    self.aspect = aspect
    self.values = values
    self.why = why
  }
}
