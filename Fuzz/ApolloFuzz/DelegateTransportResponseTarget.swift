import ApolloCore
@testable import ApolloDelegateTransport
import Foundation
import StarWarsAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the 0.x `HTTPNetworkTransport` does with a response body: a 2xx body is deserialized with
/// `JSONSerializationFormat`, wrapped in `GraphQLResponse` and read (errors first, then the result, which
/// `ApolloClient` also publishes to the store); any other status becomes a `GraphQLHTTPResponseError`, whose
/// errors and description read the body.
///
/// Input: one seed byte (bit 0: a 500 status; bit 1: `charset=iso-8859-1`), then the body.
func fuzzDelegateTransportResponse(_ data: Data) {
  guard let seed = data.first else { return }
  let body = Data(data.dropFirst())
  let contentType = seed & 0x02 == 0 ? "application/json" : "application/json; charset=iso-8859-1"
  guard let url = URL(string: "http://localhost/graphql"),
    let response = HTTPURLResponse(url: url, statusCode: seed & 0x01 == 0 ? 200 : 500, httpVersion: "HTTP/1.1",
                                   headerFields: ["Content-Type": contentType])
  else { return }
  guard (200..<300).contains(response.statusCode) else {
    let error = GraphQLHTTPResponseError(body: body, response: response, kind: .errorResponse)
    _ = error.graphQLErrors
    _ = error.bodyDescription
    _ = error.localizedDescription
    return
  }
  guard case .object(let object)? = try? JSONSerializationFormat.deserialize(data: body) else {
    _ = GraphQLHTTPResponseError(body: body, response: response, kind: .invalidResponse).localizedDescription
    return
  }
  let graphQLResponse = GraphQLResponse(operation: HeroAndFriendsQuery(episode: .none), body: object)
  _ = graphQLResponse.parseErrorsOnlyFast()
  _ = try? graphQLResponse.parseResultFast()
  _ = try? graphQLResponse.parseResult(publishingTo: ApolloStore())
}
