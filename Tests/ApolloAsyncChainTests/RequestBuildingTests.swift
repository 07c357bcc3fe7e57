import ApolloAsyncChain
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class RequestBuildingTests: XCTestCase {
  private func request<Operation: GraphQLOperation>(
    _ operation: Operation, _ behavior: FetchBehavior = .NetworkOnly, timeout: TimeInterval? = nil,
    apq: AutoPersistedQueryConfiguration = .init(), get: Bool = false
  ) -> JSONRequest<Operation> {
    JSONRequest(operation: operation, graphQLEndpoint: testEndpoint, fetchBehavior: behavior, writeResultsToCache: true,
                requestTimeout: timeout, apqConfig: apq, useGETForQueries: get)
  }

  private func body(_ urlRequest: URLRequest) throws -> JSON.Object {
    try JSONParser.parseObject(XCTUnwrap(urlRequest.httpBody))
  }

  func test_acceptHeader_forQueriesAndMutations_offersDeferSpec() throws {
    let urlRequest = try request(HeroNameQuery(episode: nil)).toURLRequest()
    XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "Accept"),
                   "multipart/mixed;deferSpec=20220824,application/graphql-response+json,application/json")
    let mutation = try request(CreateReviewMutation(episode: .init(.JEDI), review: .init(stars: 5))).toURLRequest()
    XCTAssertEqual(mutation.value(forHTTPHeaderField: "Accept"),
                   "multipart/mixed;deferSpec=20220824,application/graphql-response+json,application/json")
  }

  func test_acceptHeader_forSubscriptions_offersSubscriptionSpec() throws {
    let urlRequest = try request(CountdownSubscription(from: 1, intervalMs: nil)).toURLRequest()
    XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "Accept"),
                   "multipart/mixed;subscriptionSpec=1.0,application/graphql-response+json,application/json")
    XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "Content-Type"), "application/json")
  }

  /// A custom body creator written as for Apollo 2.x: it starts from the default body (upstream's
  /// `JSONEncodableDictionary`, whose members read as their Swift types) and adds a member of its own.
  func test_aCustomBodyCreator_returningUpstreamsType_extendsTheDefaultBody() throws {
    struct TracingBodyCreator: JSONRequestBodyCreator {
      func requestBody<Operation: GraphQLOperation>(
        for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
      ) -> JSONEncodableDictionary {
        var body = DefaultRequestBodyCreator().requestBody(
          for: operation, sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery)
        let name = body["operationName"] as? String ?? "?"
        body["extensions"] = ["trace": "trace-\(name)", "sampled": true] as JSONEncodableDictionary
        return body
      }
    }
    let urlRequest = try JSONRequest(
      operation: HeroNameQuery(episode: .init(.JEDI)), graphQLEndpoint: testEndpoint, fetchBehavior: .NetworkOnly,
      writeResultsToCache: true, requestTimeout: nil, requestBodyCreator: TracingBodyCreator()
    ).toURLRequest()
    let sent = try body(urlRequest)
    XCTAssertEqual(sent["operationName"], "HeroName")
    XCTAssertEqual(sent["variables"], ["episode": "JEDI"])
    XCTAssertEqual(sent["extensions"], ["trace": "trace-HeroName", "sampled": true])
    XCTAssertNotNil(sent["query"]?.stringValue)
  }

  func test_postBody_isSortedKeyJSON_withQueryVariablesAndName() throws {
    let urlRequest = try request(HeroNameQuery(episode: .init(.JEDI))).toURLRequest()
    XCTAssertEqual(urlRequest.httpMethod, "POST")
    let text = String(decoding: try XCTUnwrap(urlRequest.httpBody), as: UTF8.self)
    XCTAssertEqual(text, #"{"operationName":"HeroName","query":"\#(HeroNameQuery.operationDocument.definition!.queryDocument)","variables":{"episode":"JEDI"}}"#)
  }

  func test_getForQueries_putsBodyInQueryItems_andSetsPreflightHeader() throws {
    let urlRequest = try request(HeroNameQuery(episode: .init(.EMPIRE)), get: true).toURLRequest()
    XCTAssertEqual(urlRequest.httpMethod, "GET")
    XCTAssertNil(urlRequest.httpBody)
    XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "Apollo-Require-Preflight"), "true")
    XCTAssertNil(urlRequest.value(forHTTPHeaderField: "Content-Type"))
    let items = URLComponents(url: try XCTUnwrap(urlRequest.url), resolvingAgainstBaseURL: false)?.queryItems ?? []
    XCTAssertEqual(items.map(\.name), ["operationName", "query", "variables"])
    XCTAssertEqual(items.first { $0.name == "variables" }?.value, #"{"episode":"EMPIRE"}"#)
  }

  func test_getForQueries_unsetVariableIsEmptyObject_nullVariableIsNull() throws {
    let unset = try request(HeroNameQuery(episode: nil), get: true).toURLRequest()
    let unsetItems = URLComponents(url: try XCTUnwrap(unset.url), resolvingAgainstBaseURL: false)?.queryItems ?? []
    XCTAssertEqual(unsetItems.first { $0.name == "variables" }?.value, "{}")
    let null = try request(HeroNameQuery(episode: .null), get: true).toURLRequest()
    let nullItems = URLComponents(url: try XCTUnwrap(null.url), resolvingAgainstBaseURL: false)?.queryItems ?? []
    XCTAssertEqual(nullItems.first { $0.name == "variables" }?.value, #"{"episode":null}"#)
  }

  func test_getForQueries_doesNotApplyToMutations() throws {
    let urlRequest = try request(CreateReviewMutation(episode: .init(.JEDI), review: .init(stars: 1)), get: true).toURLRequest()
    XCTAssertEqual(urlRequest.httpMethod, "POST")
  }

  func test_getURL_percentEncodesPlusAndSemicolon_andKeepsExistingItems() throws {
    let url = URLQueryParameterTransformer(body: ["query": "a+b;c"], url: URL(string: "http://x/graphql?key=1")!).createGetURL()
    XCTAssertEqual(url?.absoluteString, "http://x/graphql?key=1&query=a%2Bb%3Bc")
  }

  func test_apq_firstAttemptSendsHashOnly_retrySendsDocumentAndHash() throws {
    var jsonRequest = request(HeroNameQuery(episode: nil), apq: .init(autoPersistQueries: true))
    let first = try body(jsonRequest.toURLRequest())
    XCTAssertNil(first["query"])
    XCTAssertEqual(first["extensions"]?["persistedQuery"]?["sha256Hash"]?.stringValue, HeroNameQuery.operationDocument.operationIdentifier)
    XCTAssertEqual(first["extensions"]?["persistedQuery"]?["version"], 1)
    jsonRequest.isPersistedQueryRetry = true
    let retry = try body(jsonRequest.toURLRequest())
    XCTAssertNotNil(retry["query"])
    XCTAssertNotNil(retry["extensions"]?["persistedQuery"])
  }

  func test_apq_subscriptionsAlwaysSendDocumentWithoutHash() throws {
    let sent = try body(request(CountdownSubscription(from: 1, intervalMs: nil), apq: .init(autoPersistQueries: true)).toURLRequest())
    XCTAssertNotNil(sent["query"])
    XCTAssertNil(sent["extensions"]?["persistedQuery"])
  }

  func test_apqWithGET_sendsExtensionsWithoutQuery_retryIsPOSTUnlessConfigured() throws {
    var jsonRequest = request(HeroNameQuery(episode: nil), apq: .init(autoPersistQueries: true), get: true)
    let first = try jsonRequest.toURLRequest()
    XCTAssertEqual(first.httpMethod, "GET")
    let names = URLComponents(url: try XCTUnwrap(first.url), resolvingAgainstBaseURL: false)?.queryItems?.map(\.name) ?? []
    XCTAssertTrue(names.contains("extensions"))
    XCTAssertFalse(names.contains("query"))
    jsonRequest.isPersistedQueryRetry = true
    XCTAssertEqual(try jsonRequest.toURLRequest().httpMethod, "POST")
    jsonRequest.apqConfig.useGETForPersistedQueryRetry = true
    XCTAssertEqual(try jsonRequest.toURLRequest().httpMethod, "GET")
  }

  func test_urlCachePolicy_followsFetchBehavior() throws {
    XCTAssertEqual(try request(HeroNameQuery(episode: nil), .CacheOnly).toURLRequest().cachePolicy, .returnCacheDataDontLoad)
    XCTAssertEqual(try request(HeroNameQuery(episode: nil), .CacheFirst).toURLRequest().cachePolicy, .useProtocolCachePolicy)
    for behavior in [FetchBehavior.CacheAndNetwork, .NetworkFirst, .NetworkOnly] {
      XCTAssertEqual(try request(HeroNameQuery(episode: nil), behavior).toURLRequest().cachePolicy, .reloadIgnoringLocalCacheData)
    }
    var withHeaders = request(HeroNameQuery(episode: nil), .CacheOnly, timeout: 3)
    withHeaders.addHeader(name: "X", value: "1")
    XCTAssertEqual(try withHeaders.toURLRequest().cachePolicy, .returnCacheDataDontLoad)
  }
  func test_aChosenURLCachePolicy_replacesTheFetchBehaviors_andTakesPartInEquality() throws {
    var chosen = request(HeroNameQuery(episode: nil), .NetworkOnly)
    let plain = chosen
    chosen.urlCachePolicy = .useProtocolCachePolicy
    XCTAssertEqual(try chosen.toURLRequest().cachePolicy, .useProtocolCachePolicy)
    XCTAssertEqual(try plain.toURLRequest().cachePolicy, .reloadIgnoringLocalCacheData)
    XCTAssertNotEqual(chosen, plain)
  }


  func test_requestTimeout_nilKeepsDefault60_setValueApplies() throws {
    XCTAssertEqual(try request(HeroNameQuery(episode: nil)).toURLRequest().timeoutInterval, 60)
    XCTAssertEqual(try request(HeroNameQuery(episode: nil), timeout: 12).toURLRequest().timeoutInterval, 12)
    var upload = UploadRequest(operation: SingleUploadMutation(file: "a"), graphQLEndpoint: testEndpoint,
                               files: [GraphQLFile(fieldName: "file", originalName: "a.txt", data: Data("x".utf8))],
                               writeResultsToCache: false)
    XCTAssertEqual(try upload.toURLRequest().timeoutInterval, 60)
    upload.requestTimeout = 7
    XCTAssertEqual(try upload.toURLRequest().timeoutInterval, 7)
  }

  func test_addHeaders_newValueWins_andAdditionalHeadersAreAppended() throws {
    var jsonRequest = request(HeroNameQuery(episode: nil))
    jsonRequest.addHeaders(["Accept": "application/json", "X-A": "1"])
    jsonRequest.addHeaders(["X-A": "2"])
    let urlRequest = try jsonRequest.toURLRequest()
    XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "Accept"), "application/json")
    XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "X-A"), "2")
  }

  func test_persistedOnlyOperation_withoutDocument_omitsQueryInsteadOfCrashing() throws {
    let sent = try body(request(PersistedOnlyQuery()).toURLRequest())
    XCTAssertNil(sent["query"])
    XCTAssertEqual(sent["operationName"], "PersistedOnly")
  }

  /// Credentials never reach a log line: `debugDescription` shows the token as a fingerprint.
  func test_debugDescription_redactsTheAuthorizationHeader() {
    var built = request(HeroNameQuery(episode: nil))
    built.addHeader(name: "Authorization", value: "Bearer secret-token-1")
    built.addHeader(name: "X-Trace", value: "visible")
    let text = built.debugDescription
    XCTAssertFalse(text.contains("secret-token-1"), text)
    XCTAssertTrue(text.contains(Redaction.secret("Bearer secret-token-1")), text)
    XCTAssertTrue(text.contains("visible"), text)
  }
}

final class ClientAwarenessTests: XCTestCase {
  private func sentRequest(_ metadata: ClientAwarenessMetadata, apq: Bool = false) async throws -> ScriptedRequest {
    let server = ScriptedServer(responses: [.json(r2HeroResponse)])
    let harness = Harness(server: server, apqConfig: .init(autoPersistQueries: apq), clientAwareness: metadata)
    _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    return try XCTUnwrap(server.requests.first)
  }

  func test_defaultMetadata_sendsNoHeaders_butAddsClientLibraryExtension() async throws {
    let sent = try await sentRequest(ClientAwarenessMetadata())
    XCTAssertNil(sent.header("apollographql-client-name"))
    XCTAssertNil(sent.header("apollographql-client-version"))
    XCTAssertEqual(sent.extensions?["clientLibrary"], ["name": "apollo-ios", "version": .string(ApolloLibraryInfo.version)])
  }

  func test_nameAndVersionWithoutLibraryAwareness_sendsHeadersOnly() async throws {
    let sent = try await sentRequest(.init(clientApplicationName: "app", clientApplicationVersion: "1.2", includeApolloLibraryAwareness: false))
    XCTAssertEqual(sent.header("apollographql-client-name"), "app")
    XCTAssertEqual(sent.header("apollographql-client-version"), "1.2")
    XCTAssertNil(sent.extensions)
  }

  func test_bothEnabled_sendsHeadersAndExtension() async throws {
    let sent = try await sentRequest(.init(clientApplicationName: "app", clientApplicationVersion: "1.2"))
    XCTAssertEqual(sent.header("apollographql-client-name"), "app")
    XCTAssertNotNil(sent.extensions?["clientLibrary"])
  }

  func test_none_sendsNothing() async throws {
    let sent = try await sentRequest(.none)
    XCTAssertNil(sent.header("apollographql-client-name"))
    XCTAssertNil(sent.extensions)
  }

  func test_apqWithLibraryAwareness_extensionsHoldBoth() async throws {
    let sent = try await sentRequest(ClientAwarenessMetadata(), apq: true)
    XCTAssertNotNil(sent.extensions?["persistedQuery"])
    XCTAssertNotNil(sent.extensions?["clientLibrary"])
  }

  func test_upload_followsTheSameAwarenessRules() async throws {
    let server = ScriptedServer(responses: [.json(["data": ["singleUpload": ["filename": "a", "mimetype": "text/plain", "size": 1, "content": "x"]]])])
    let harness = Harness(server: server, clientAwareness: .init(clientApplicationName: "app", clientApplicationVersion: "9"))
    _ = try await harness.client.upload(
      operation: SingleUploadMutation(file: "a"), files: [GraphQLFile(fieldName: "file", originalName: "a", data: Data("x".utf8))])
    let sent = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(sent.header("apollographql-client-name"), "app")
    let body = String(decoding: try XCTUnwrap(sent.urlRequest.httpBody), as: UTF8.self)
    XCTAssertTrue(body.contains(#""clientLibrary":{"name":"apollo-ios""#), body)
  }

  func test_defaults_nameEndsWithApolloIOS_versionNotEmpty_presetsAreConsistent() {
    XCTAssertTrue(ClientAwarenessMetadata.defaultClientName.hasSuffix("apollo-ios") || ClientAwarenessMetadata.defaultClientName == "apollo-ios-client")
    XCTAssertFalse(ClientAwarenessMetadata.defaultClientVersion.isEmpty)
    let enabled = ClientAwarenessMetadata.enabledWithDefaults
    XCTAssertNotNil(enabled.clientApplicationName)
    XCTAssertNotNil(enabled.clientApplicationVersion)
    XCTAssertTrue(enabled.includeApolloLibraryAwareness)
    let none = ClientAwarenessMetadata.none
    XCTAssertNil(none.clientApplicationName)
    XCTAssertFalse(none.includeApolloLibraryAwareness)
  }
}

/// An operation known to the server only by its hash.
struct PersistedOnlyQuery: GraphQLQuery {
  static let operationName = "PersistedOnly"
  static let operationDocument = OperationDocument(operationIdentifier: "abc123")
  typealias Data = HeroNameQuery.Data

}

final class RequestEqualityTests: XCTestCase {
  private func make(retry: Bool = false, headers: [String: String] = [:]) -> JSONRequest<HeroNameQuery> {
    var request = JSONRequest(operation: HeroNameQuery(episode: .init(.JEDI)), graphQLEndpoint: testEndpoint,
                              fetchBehavior: .CacheFirst, writeResultsToCache: true, requestTimeout: nil)
    request.isPersistedQueryRetry = retry
    request.addHeaders(headers)
    return request
  }

  func test_jsonRequests_withTheSameMembers_areEqualAndHashAlike() {
    XCTAssertEqual(make(), make())
    XCTAssertEqual(Set([make(), make()]).count, 1)
  }

  func test_jsonRequests_differingInAnyMember_areNotEqual() {
    XCTAssertNotEqual(make(), make(retry: true))
    XCTAssertNotEqual(make(), make(headers: ["X": "1"]))
    var other = make()
    other.operation = HeroNameQuery(episode: .init(.EMPIRE))
    XCTAssertNotEqual(make(), other)
  }
}
