@_spi(ApolloMigration) import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 2.x session's response as 1.x's `URLSessionClient` handed it to the chain: its failures as that client
/// reported them, and a whole body at least once.
///
/// | 2.x session | 1.x `URLSessionClient` |
/// |---|---|
/// | fails before the response head (a `URLError`, the streaming session's own errors, …) | `URLSessionClientError.networkError(data:response:underlying:)` with no data and no response |
/// | the body fails with one part-way | `.networkError` with the head and the chunks the session had handed on (1.x: the bytes that had arrived; the 2.x session hands a whole body on only once all of it arrived, so usually none; nothing for a multipart response, whose parts went on already, as in 1.x) |
/// | answers with a response that is not HTTP | `.noHTTPResponse(request:)` |
/// | anything else (a cancellation, a multipart part over the size limit, what an app's HTTP interceptor inside this one throws) | unchanged |
/// | a body that is not multipart and empty (no chunk at all) | handed on once, empty: 1.x's parser then failed with `couldNotParseToJSON`, through the error interceptor, where the 2.x chain, given nothing to parse, would end with `noResults` outside every interceptor |
///
/// So a 1.x error interceptor or completion that matches `.networkError` (to retry when offline, say) still does on
/// the 2.x engine. The innermost step of the adapted HTTP stage, where 1.x's client sat.
enum CallbackURLSessionClientView {
  /// `next`'s response for `request`, as 1.x's client handed it on.
  static func sending(
    _ request: URLRequest, through next: @Sendable (URLRequest) async throws -> V2HTTPResponse
  ) async throws -> V2HTTPResponse {
    let response: V2HTTPResponse
    do {
      response = try await next(request)
    } catch {
      throw converted(error, request: request, arrived: Data(), head: nil)
    }
    let head = response.response
    let chunks = response.takeChunks()
    let multipart = MultipartContentType.isMultipartMixed(head)
    if let settled = chunks.settled {
      guard let failure = settled.failure else {
        guard settled.elements.isEmpty, !multipart else { return V2HTTPResponse(response: head, chunks: chunks) }
        return V2HTTPResponse(response: head, chunks: NonCopyableAsyncThrowingStream(settled: SettledElements(elements: [Data()], failure: nil)))
      }
      let arrived = multipart ? Data() : settled.elements.reduce(into: Data()) { $0.append($1) }
      return V2HTTPResponse(response: head, chunks: NonCopyableAsyncThrowingStream(settled: SettledElements(
        elements: settled.elements, failure: converted(failure, request: request, arrived: arrived, head: head))))
    }
    let body = BodyReader(chunks.puller(), request: request, head: head, keepsBody: !multipart)
    return V2HTTPResponse(response: head, chunks: NonCopyableAsyncThrowingStream(pulling: { try await body.next() }))
  }

  /// `error` as 1.x's client gave it: a failure of the transfer (a `URLError`, an `NSURLErrorDomain` error, the
  /// streaming session's own) wrapped with what had arrived, as that client wrapped them; a response that is not HTTP
  /// reported apart; anything else (a cancellation, a multipart part over the size limit, what an HTTP interceptor of
  /// the app's inside this one throws: a `RequestChain.Retry`, a `ResponseCodeError`) as it is.
  static func converted(_ error: any Error, request: URLRequest, arrived: Data, head: HTTPURLResponse?) -> any Error {
    switch SessionFailure(error) {
    case .nonHTTPResponse: return URLSessionClient.URLSessionClientError.noHTTPResponse(request: request)
    case .transfer: return URLSessionClient.URLSessionClientError.networkError(data: arrived, response: head, underlying: error)
    case .other: return error
    }
  }
}

/// Reads a body that is still arriving, keeping what arrived (a whole body, not a multipart one) for the error a
/// failure part-way becomes, and handing an empty whole body on once.
private final class BodyReader: @unchecked Sendable {
  // @unchecked Sendable: `arrived` and `handedOnAny` are touched only by `next()`, which the pulling stream calls one
  // element at a time, never concurrently.
  private let pull: @Sendable () async throws -> Data?
  private var arrived: [Data] = []
  private var handedOnAny = false
  private let keepsBody: Bool
  private let request: URLRequest
  private let head: HTTPURLResponse

  init(_ pull: @escaping @Sendable () async throws -> Data?, request: URLRequest, head: HTTPURLResponse, keepsBody: Bool) {
    self.pull = pull
    self.request = request
    self.head = head
    self.keepsBody = keepsBody
  }

  func next() async throws -> Data? {
    do {
      guard let chunk = try await pull() else {
        guard keepsBody, !handedOnAny else { return nil }
        handedOnAny = true
        return Data()
      }
      handedOnAny = true
      if keepsBody { arrived.append(chunk) }
      return chunk
    } catch {
      let body = arrived.reduce(into: Data()) { $0.append($1) }
      throw CallbackURLSessionClientView.converted(error, request: request, arrived: body, head: head)
    }
  }
}
