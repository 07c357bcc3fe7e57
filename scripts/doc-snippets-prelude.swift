// The app code every Swift block in README.md and MIGRATION.md takes for granted, beside the operations
// (Examples/StarWarsAPI, compiled into the same module): the app's own session object.
// scripts/check-doc-snippets.sh compiles this file as the module `DocSnippetPrelude` and imports it into
// every block. Keep it small: a block should show everything it is about, and lean on this file only for
// what any app already has.
import ApolloCore
import Foundation

// MARK: The app's session

/// Who is logged in and with which token: the object the Apollo documentation's examples call
/// `UserManager`. Every generation's hooks below read the token from it and ask it to renew one.
public final class UserManager: @unchecked Sendable {
  // @unchecked Sendable: `token` is read and written only under `lock`.
  public static let shared = UserManager()

  private let lock = NSLock()
  private var token: String?

  public init(token: String? = nil) {
    self.token = token
  }

  /// The current bearer token; `nil` when nobody is logged in.
  public var currentToken: String? {
    lock.withLock { token }
  }

  /// Renews the token and calls back, on some other thread, with the new one or the error (the 0.x and
  /// 1.x hooks' style: the completion need not be `Sendable`, as app code of that time was written).
  public func renewToken(completion: @escaping (Result<String, any Error>) -> Void) {
    let handOff = HandOff(completion)
    DispatchQueue.global().async {
      let fresh = "token-\(Int.random(in: 1000...9999))"
      self.lock.withLock { self.token = fresh }
      handOff.run(.success(fresh))
    }
  }

  /// Renews the token and returns the new one (the 2.x hooks' style).
  public func renewToken() async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
      renewToken { continuation.resume(with: $0) }
    }
  }
}

/// Carries a completion that is not `Sendable` to the thread that calls it, once.
private struct HandOff<Value>: @unchecked Sendable {
  // @unchecked Sendable: `run` is called exactly once, on one thread, after the hand-off.
  let run: (Value) -> Void
  init(_ run: @escaping (Value) -> Void) { self.run = run }
}
