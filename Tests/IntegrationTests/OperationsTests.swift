import ApolloAsyncChain
import Foundation
import StarWarsAPI
import XCTest

/// Queries, mutations, GraphQL errors, GET and uploads against TestServer.
final class OperationsTests: IntegrationTestCase {
  func test_query_returnsR2D2WithoutEpisodeAndLukeForEmpireFromServer() async throws {
    let live = LiveClient()

    let r2 = try await live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    XCTAssertEqual(r2.source, .server)
    XCTAssertNil(r2.errors)
    XCTAssertEqual(r2.data?.hero?.name, "R2-D2")
    XCTAssertEqual(r2.data?.hero?.id, "2001")
    XCTAssertEqual(r2.data?.hero?.__typename, "Droid")

    let luke = try await live.client.fetch(query: HeroNameQuery(episode: .init(.EMPIRE)), cachePolicy: .networkOnly)
    XCTAssertEqual(luke.source, .server)
    XCTAssertNil(luke.errors)
    XCTAssertEqual(luke.data?.hero?.name, "Luke Skywalker")
    XCTAssertEqual(luke.data?.hero?.id, "1000")
    XCTAssertEqual(luke.data?.hero?.__typename, "Human")

    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.map(\.operationName), ["HeroName", "HeroName"])
    XCTAssertEqual(logged.map(\.method), ["POST", "POST"])
    XCTAssertEqual(logged.last?.variables?["episode"], "EMPIRE")
  }

  func test_mutationWithVariables_echoesCreatedReview() async throws {
    let live = LiveClient()
    let mutation = CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 4, commentary: "Ewoks, but fine"))

    let response = try await live.client.perform(mutation: mutation)

    XCTAssertEqual(response.source, .server)
    XCTAssertNil(response.errors)
    XCTAssertEqual(response.data?.createReview?.stars, 4)
    XCTAssertEqual(response.data?.createReview?.commentary, "Ewoks, but fine")
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 1)
    XCTAssertEqual(logged.first?.method, "POST")
    XCTAssertEqual(logged.first?.variables?["episode"], "JEDI")
    XCTAssertEqual(logged.first?.variables?["review"], ["stars": 4, "commentary": "Ewoks, but fine"])
  }

  func test_graphQLError_comesWithPartialData() async throws {
    let live = LiveClient()

    let response = try await live.client.fetch(query: ErrorFieldQuery(), cachePolicy: .networkOnly)

    XCTAssertEqual(response.source, .server)
    XCTAssertEqual(response.data?.hero?.name, "R2-D2")
    XCTAssertNil(response.data?.errorField)
    let errors = try XCTUnwrap(response.errors)
    XCTAssertEqual(errors.count, 1)
    XCTAssertEqual(errors.first?.message, "errorField failed")
    XCTAssertEqual(errors.first?.path, [.field("errorField")])
  }

  func test_getForQueries_sendsQueryItemsAndMutationStillPOSTs() async throws {
    let live = LiveClient(useGETForQueries: true)

    let response = try await live.client.fetch(query: HeroNameQuery(episode: .init(.EMPIRE)), cachePolicy: .networkOnly)
    XCTAssertEqual(response.data?.hero?.name, "Luke Skywalker")
    XCTAssertEqual(response.source, .server)

    let mutation = try await live.client.perform(
      mutation: CreateReviewMutation(episode: .init(.EMPIRE), review: ReviewInput(stars: 5)))
    XCTAssertEqual(mutation.data?.createReview?.stars, 5)
    XCTAssertNil(mutation.data?.createReview?.commentary)

    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.map(\.method), ["GET", "POST"])
    let get = try XCTUnwrap(logged.first)
    XCTAssertEqual(get.body, "")
    XCTAssertEqual(get.queryItems["operationName"], "HeroName")
    XCTAssertEqual(get.queryItems["query"], HeroNameQuery.operationDocument.definition?.queryDocument)
    XCTAssertEqual(get.queryItems["variables"], #"{"episode":"EMPIRE"}"#)
    XCTAssertEqual(get.header("Apollo-Require-Preflight"), "true")
    XCTAssertNil(get.header("Content-Type"))
    XCTAssertEqual(get.operationName, "HeroName")
    XCTAssertEqual(get.variables?["episode"], "EMPIRE")
    let post = try XCTUnwrap(logged.last)
    XCTAssertEqual(post.operationName, "CreateReview")
    XCTAssertEqual(post.queryString, "")
    XCTAssertEqual(post.header("Content-Type"), "application/json")
  }

  func test_singleFileUpload_reachesServerWithNameTypeSizeAndContent() async throws {
    let live = LiveClient()
    let text = "Hello from the async chain"
    let file = GraphQLFile(fieldName: "file", originalName: "hello.txt", mimeType: "text/plain", data: Data(text.utf8))

    let response = try await live.client.upload(operation: SingleUploadMutation(file: "a"), files: [file])

    XCTAssertNil(response.errors)
    let uploaded = try XCTUnwrap(response.data?.singleUpload)
    XCTAssertEqual(uploaded.filename, "hello.txt")
    XCTAssertEqual(uploaded.mimetype, "text/plain")
    XCTAssertEqual(uploaded.size, text.utf8.count)
    XCTAssertEqual(uploaded.content, text)
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 1)
    XCTAssertTrue(logged.first?.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
  }

  func test_multipleFileUpload_reachesServerInOrder() async throws {
    let live = LiveClient()
    let files = [
      GraphQLFile(fieldName: "files", originalName: "a.txt", mimeType: "text/plain", data: Data("alpha".utf8)),
      GraphQLFile(fieldName: "files", originalName: "b.json", mimeType: "application/json", data: Data(#"{"b":2}"#.utf8)),
    ]

    let response = try await live.client.upload(operation: MultipleUploadMutation(files: ["a", "b"]), files: files)

    XCTAssertNil(response.errors)
    let uploaded = try XCTUnwrap(response.data?.multipleUpload)
    XCTAssertEqual(uploaded.map(\.filename), ["a.txt", "b.json"])
    XCTAssertEqual(uploaded.map(\.mimetype), ["text/plain", "application/json"])
    XCTAssertEqual(uploaded.map(\.size), [5, 7])
    XCTAssertEqual(uploaded.map(\.content), ["alpha", #"{"b":2}"#])
  }
}
