// The app code every Swift block in README.md and MIGRATION.md takes for granted: the operations an app's
// code generation would have emitted, and the app's own session object. scripts/check-doc-snippets.sh
// compiles this file as the module `DocSnippetPrelude` and imports it into every block. Keep it small: a
// block should show everything it is about, and lean on this file only for what any app already has.
import ApolloCore
import Foundation

// MARK: Generated operations (hand-written here, shaped like code generation output)

/// `query HeroName($episode: String) { hero(episode: $episode) { __typename id name } }`
public struct HeroNameQuery: GraphQLQuery {
  public static let operationName = "HeroName"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "query HeroName($episode: String) { hero(episode: $episode) { __typename id name } }"))

  public var episode: GraphQLNullable<String>

  public init(episode: GraphQLNullable<String> = nil) {
    self.episode = episode
  }

  public var __variables: Variables? { ["episode": episode] }

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let hero: Hero?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      hero = try _dataDict["hero"]
    }

    public struct Hero: SelectionSet {
      public let __data: DataDict
      public let __typename: String
      public let id: String
      public let name: String

      public init(_dataDict: DataDict) throws {
        __data = _dataDict
        __typename = try _dataDict["__typename"]
        id = try _dataDict["id"]
        name = try _dataDict["name"]
      }
    }
  }
}

/// `subscription ReviewAdded { reviewAdded { stars commentary } }`
public struct ReviewAddedSubscription: GraphQLSubscription {
  public static let operationName = "ReviewAdded"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "subscription ReviewAdded { reviewAdded { stars commentary } }"))

  public init() {}

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let reviewAdded: ReviewAdded?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      reviewAdded = try _dataDict["reviewAdded"]
    }

    public struct ReviewAdded: SelectionSet {
      public let __data: DataDict
      public let stars: Int
      public let commentary: String?

      public init(_dataDict: DataDict) throws {
        __data = _dataDict
        stars = try _dataDict["stars"]
        commentary = try _dataDict["commentary"]
      }
    }
  }
}

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
