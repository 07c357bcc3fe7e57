import ApolloCore
import Foundation

/// What one stack did with one scenario: the proof a parity comparison is made of.
///
/// Plain data (`Equatable`, `Codable`), so the same value serves the tests, the harness's reports and
/// recorded files. Nothing in it depends on timing: callback stacks deliver on a private serial queue
/// and each step waits until its stack is quiet.
public struct ParityTrace: Sendable, Hashable, Codable {
  /// What one step (one operation issued through the stack's call surface) produced.
  public struct Step: Sendable, Hashable, Codable {
    /// The requests that reached the server, in order; one per attempt that got onto the wire.
    public var requests: [ParityWireRequest] = []
    /// The hooks' calls, in order, in words the hooks of every generation share.
    public var hookCalls: [String] = []
    /// What the caller received, in order.
    public var deliveries: [ParityDelivery] = []

    /// How many times the caller was called back (or a stream element or error arrived).
    public var completions: Int { deliveries.count }
    /// How many attempts reached the wire.
    public var attempts: Int { requests.count }

    /// An empty step, filled in as the runner observes the call.
    public init() {}
  }

  /// One entry per step of the scenario.
  public var steps: [Step] = []
  /// The store's records after the last step: `key → fields`, each field's value rendered as JSON.
  public var storeRecords: [String: [String: String]] = [:]

  /// A trace with these observations (the runner builds them; tests build small ones to check wording).
  public init(steps: [Step] = [], storeRecords: [String: [String: String]] = [:]) {
    self.steps = steps
    self.storeRecords = storeRecords
  }
}
