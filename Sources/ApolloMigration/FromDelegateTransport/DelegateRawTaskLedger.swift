import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sends of one adapted 0.x transport whose task is on the wire and whose end the task-completed delegate has not
/// heard of yet, so a cancel can tell it, as 0.33's cancelled task did.
///
/// 0.33 cancelled the `URLSessionTask`, which completed with `NSURLErrorCancelled`: `didCompleteRawTaskForRequest` heard
/// of it (a count of requests in flight an app keeps stays balanced). 1.x's network fetch drops what its cancelled
/// task reports, so on the 1.x chain the ledger stands in: an entry from the moment the request goes to the network
/// until the delegate hears of its end, either way.
final class DelegateRawTaskLedger: Sendable {
  private struct Entry: @unchecked Sendable {
    // @unchecked Sendable: `request` is only compared by identity, and `sent` (which holds the send's 1.x request) only
    // taken, under the ledger's lock; `sent` is called once, by the one caller that took it.
    weak var request: AnyObject?
    let sent: () -> URLRequest?
  }

  private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

  /// `request` (the send's 1.x request before the preflight) goes to the network as what `sent` makes (made only if a
  /// cancel needs it).
  func sent(_ sent: @escaping () -> URLRequest?, for request: AnyObject) {
    entries.withLock { $0[ObjectIdentifier(request)] = Entry(request: request, sent: sent) }
  }

  /// The delegate heard of the end of `request`'s task (its response or its failure).
  func heard(_ request: AnyObject) {
    entries.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(request)) }
  }

  /// What `request` sent, when its task is still on the wire and unheard of; the entry goes with it.
  func takeUnheard(_ request: AnyObject) -> URLRequest? {
    let sent = entries.withLock { entries -> (() -> URLRequest?)? in
      let key = ObjectIdentifier(request)
      guard let entry = entries[key], entry.request === request else { return nil }
      entries[key] = nil
      return entry.sent
    }
    return sent?()
  }
}
