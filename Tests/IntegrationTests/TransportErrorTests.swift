import ApolloAsyncChain
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP status errors and transport faults, as the caller of `ApolloClient` sees them.
final class TransportErrorTests: IntegrationTestCase {
  func test_unauthorizedEndpointWithoutToken_throwsResponseCodeError401WithParsedBody() async throws {
    let live = LiveClient(endpoint: "/graphql-auth")

    let error = await expectError { try await live.client.fetch(query: MeQuery(), cachePolicy: .networkOnly) }

    let responseError = try XCTUnwrap(error as? ResponseCodeInterceptor.ResponseCodeError, "got \(String(describing: error))")
    XCTAssertEqual(responseError.response.statusCode, 401)
    XCTAssertEqual(responseError.errorDescription, "Received a 401 error.")
    // As upstream, the whole body is read as one error object: the server's `errors` list is a member of it.
    let graphQLError = try XCTUnwrap(responseError.graphQLError)
    let first = try XCTUnwrap(graphQLError.object["errors"]?[0])
    XCTAssertEqual(first["message"], "Unauthorized")
    XCTAssertEqual(first["extensions"]?["code"], "UNAUTHENTICATED")
    let logged = try await TestServer.requests(path: "/graphql-auth")
    XCTAssertEqual(logged.count, 1)
    XCTAssertNil(logged.first?.header("Authorization"))
  }

  func test_serverError500WithJSONBody_throwsResponseCodeErrorKeepingBodyInChunk() async throws {
    let live = LiveClient(endpoint: "/fault/status/500?body=json")

    let error = await expectError { try await live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }

    let responseError = try XCTUnwrap(error as? ResponseCodeInterceptor.ResponseCodeError, "got \(String(describing: error))")
    XCTAssertEqual(responseError.response.statusCode, 500)
    XCTAssertEqual(try JSONParser.parse(responseError.chunk), ["errors": [["message": "status 500"]], "data": .null])
    XCTAssertEqual(responseError.graphQLError?.object["errors"]?[0]?["message"], "status 500")
  }

  func test_upstreamQuirk_serverError500WithEmptyBodyThrowsNoResultsNotResponseCodeError() async throws {
    let live = LiveClient(endpoint: "/fault/status/500?body=empty")

    let error = await expectError { try await live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }

    // The status check runs per body chunk; an empty body has none, so the chain ends without results.
    XCTAssertEqual(error as? ApolloClient.Error, .noResults, "got \(String(describing: error))")
    let logged = try await TestServer.requests(path: "/fault/status/500")
    XCTAssertEqual(logged.count, 1)
  }

  func test_connectionRefused_throwsURLErrorCannotConnectToHost() async throws {
    let live = LiveClient(endpoint: "http://127.0.0.1:1/graphql")

    let error = await expectError { try await live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }

    let urlError = try XCTUnwrap(error as? URLError, "got \(String(describing: error))")
    XCTAssertEqual(urlError.code, .cannotConnectToHost)
  }

  func test_connectionDroppedMidBody_failsWithoutHanging() async throws {
    let live = LiveClient(endpoint: "/fault/drop")
    let start = ContinuousClock.now

    let error = await expectError(within: 10) {
      try await live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    }

    let unwrapped = try XCTUnwrap(error)
    switch unwrapped {
    case is URLError:
      break
    case JSONResponseParsingError.couldNotParseToJSON:
      break
    default:
      XCTFail("Expected a URLError or couldNotParseToJSON, got \(type(of: unwrapped)): \(unwrapped)")
    }
    XCTAssertLessThan(elapsed(since: start), 5)
  }

  func test_requestTimeout_throwsURLErrorTimedOutWellBeforeTheSlowAnswer() async throws {
    let live = LiveClient(endpoint: "/fault/delay/3000")
    let start = ContinuousClock.now

    let error = await expectError(within: 10) {
      try await live.client.fetch(
        query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly, requestConfiguration: RequestConfiguration(requestTimeout: 0.5))
    }

    let urlError = try XCTUnwrap(error as? URLError, "got \(String(describing: error))")
    XCTAssertEqual(urlError.code, .timedOut)
    let seconds = elapsed(since: start)
    XCTAssertGreaterThanOrEqual(seconds, 0.4)
    XCTAssertLessThan(seconds, 2.5)
  }

  func test_malformedJSON_throwsCouldNotParseToJSONWithTheBytes() async throws {
    let live = LiveClient(endpoint: "/fault/malformed")

    let error = await expectError { try await live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }

    XCTAssertEqual(
      error as? JSONResponseParsingError, .couldNotParseToJSON(data: Data(#"{"data": {"hero": "#.utf8)),
      "got \(String(describing: error))")
  }
}
