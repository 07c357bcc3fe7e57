import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Per-request options of the 2.x client.
public struct RequestConfiguration: Sendable, Hashable {
  /// The request timeout; `nil` keeps `URLRequest`'s default of 60 seconds.
  public var requestTimeout: TimeInterval?
  /// Whether server results are written to the store.
  public var writeResultsToCache: Bool

  /// By default the `URLRequest` timeout and results written to the store.
  public init(requestTimeout: TimeInterval? = nil, writeResultsToCache: Bool = true) {
    self.requestTimeout = requestTimeout
    self.writeResultsToCache = writeResultsToCache
  }
}
