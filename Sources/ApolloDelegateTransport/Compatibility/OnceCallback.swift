import Foundation

/// A callback that runs at most once, whichever thread calls it first.
///
/// 0.x completion handlers and continuation closures are not `@Sendable` in their upstream signatures,
/// and callers pass closures that capture their own state. The transport hands such a closure from
/// the calling thread to the session's callback queue, and a delegate may call its continuation from
/// any thread after asynchronous work. This box takes the closure out under `lock` before calling it,
/// so it is called once and never concurrently with itself, and a second call (a delegate answering
/// twice) is ignored instead of completing a request twice.
final class OnceCallback<Input>: @unchecked Sendable {
  // @unchecked Sendable: `body` is read and cleared only under `lock`; the closure itself then runs
  // on exactly one thread, once.
  private let lock = NSLock()
  private var body: ((Input) -> Void)?

  init(_ body: @escaping (Input) -> Void) {
    self.body = body
  }

  /// Calls the closure with `input` if it has not been called yet; returns whether it ran.
  @discardableResult
  func callAsFunction(_ input: Input) -> Bool {
    lock.lock()
    let body = self.body
    self.body = nil
    lock.unlock()
    guard let body else { return false }
    body(input)
    return true
  }
}
