import ApolloCore
import Foundation

/// An in-process Star Wars server on ``ScriptedServer``: the examples' default when no endpoint is
/// given, so they run with no setup. It answers the operations of this module by name.
public enum StarWarsScriptedServer {
  /// The characters, by id.
  public static let characters: [String: JSON.Object] = [
    "1000": ["__typename": "Human", "id": "1000", "name": "Luke Skywalker"],
    "1002": ["__typename": "Human", "id": "1002", "name": "Han Solo"],
    "1003": ["__typename": "Human", "id": "1003", "name": "Leia Organa"],
    "2000": ["__typename": "Droid", "id": "2000", "name": "C-3PO"],
    "2001": ["__typename": "Droid", "id": "2001", "name": "R2-D2"],
  ]

  static let friends: [String: [String]] = [
    "1000": ["1002", "1003", "2000", "2001"],
    "2001": ["1000", "1002", "1003"],
  ]

  /// The hero of an episode: Luke for EMPIRE, R2-D2 otherwise.
  public static func heroID(for episode: String?) -> String {
    episode == "EMPIRE" ? "1000" : "2001"
  }

  /// A new scripted server.
  public static func make() -> ScriptedServer {
    ScriptedServer { request in response(to: request) }
  }

  /// A new scripted server that also stands in for TestServer's auth routes: `/auth/token` mints
  /// `fresh-token-<n>` for `user-<n>` (or answers 503 while `mintingFails()`), and a GraphQL request
  /// without the latest token gets a 401, as `/graphql-auth` answers; `MeQuery` names the token's user.
  public static func makeAuthenticating(mintingFails: @escaping @Sendable () -> Bool = { false }) -> ScriptedServer {
    let minted = Mutex(0)
    return ScriptedServer { request in
      if request.urlRequest.url?.path == "/auth/token" {
        if mintingFails() { return .json(["errors": [["message": "minting disabled"]]], statusCode: 503) }
        let number = minted.withLock { $0 += 1; return $0 }
        return .json(["token": .string("fresh-token-\(number)"), "user": .string("user-\(number)")])
      }
      let number = minted.withLock { $0 }
      guard number > 0, request.header("Authorization") == "Bearer fresh-token-\(number)" else {
        return .json(["errors": [["message": "Unauthorized", "extensions": ["code": "UNAUTHENTICATED"]]]], statusCode: 401)
      }
      if request.operationName == MeQuery.operationName { return .json(["data": ["me": .string("user-\(number)")]]) }
      return response(to: request)
    }
  }

  /// The response the server gives to `request`.
  public static func response(to request: ScriptedRequest) -> ScriptedResponse {
    let episode = request.variables?["episode"]?.stringValue
    switch request.operationName {
    case HeroNameQuery.operationName:
      return .json(["data": ["hero": .object(character(heroID(for: episode)))]])
    case HeroAndFriendsQuery.operationName:
      return .json(["data": ["hero": .object(characterWithFriends(heroID(for: episode)))]])
    case ErrorFieldQuery.operationName:
      return .json([
        "data": ["hero": .object(character("2001")), "errorField": .null],
        "errors": [["message": "errorField failed", "path": ["errorField"], "locations": [["line": 1, "column": 42]]]],
      ])
    case CreateReviewMutation.operationName:
      let review = request.variables?["review"] ?? .null
      return .json(["data": ["createReview": [
        "stars": review["stars"] ?? .int(0), "commentary": review["commentary"] ?? .null,
      ]]])
    case RequestHeaderQuery.operationName:
      let name = request.variables?["name"]?.stringValue ?? ""
      return .json(["data": ["requestHeader": request.header(name).map(JSON.string) ?? .null]])
    case HeroDeferredQuery.operationName:
      let hero = character("2001")
      let friends = characterWithFriends("2001")["friends"] ?? .array([])
      return .multipart([
        JSONSerializer.string(["data": ["hero": .object(hero)], "hasNext": true]),
        JSONSerializer.string([
          "incremental": [["data": ["friends": friends], "path": ["hero"], "label": "friends"]], "hasNext": false,
        ]),
      ])
    case CountdownSubscription.operationName:
      let from = request.variables?["from"]?.intValue ?? 3
      let parts = stride(from: from, through: 0, by: -1).map { JSONSerializer.string(["payload": ["data": ["countdown": .int($0)]]]) }
      return .multipart(parts, boundary: "graphql", spec: "subscriptionSpec=1.0")
    default:
      return .json(["errors": [["message": "Unknown operation \(request.operationName ?? "<none>")"]]])
    }
  }

  static func character(_ id: String) -> JSON.Object {
    characters[id] ?? [:]
  }

  static func characterWithFriends(_ id: String) -> JSON.Object {
    var object = character(id)
    object["friends"] = .array((friends[id] ?? []).map { .object(character($0)) })
    return object
  }
}
