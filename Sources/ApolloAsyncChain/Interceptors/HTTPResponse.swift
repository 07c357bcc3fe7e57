import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP response whose body arrives as chunks (one per multipart part, or the whole body).
///
/// It has no public initializer: an HTTP interceptor can only transform the response `next` returns.
public struct HTTPResponse: Sendable, ~Copyable {
  /// The response head.
  public let response: HTTPURLResponse
  /// The body chunks; consume once.
  public let chunks: NonCopyableAsyncThrowingStream<Data>
  /// The JSON object of the whole body, when the HTTP stage that made this response already parsed it
  /// (the 0.x adapter checks every body as 0.x did); the parser reads it instead of parsing the same
  /// bytes again. Any response made from this one (`mapChunks`) leaves it out, as its bytes may differ.
  package let parsedBody: JSON.Object?

  /// Open to the migration module only: its adapters hand a 0.x or 1.x hook's view of the body (the
  /// whole body, collected) back to the 2.x chain. Apps still cannot make responses from nothing.
  @_spi(ApolloMigration)
  public init(response: HTTPURLResponse, chunks: consuming NonCopyableAsyncThrowingStream<Data>) {
    self.response = response
    self.chunks = chunks
    self.parsedBody = nil
  }

  /// A response of one chunk, `body`, whose JSON object is `parsed` (what `JSONParser.parse(body)` gave).
  package init(response: HTTPURLResponse, body: Data, parsed: JSON.Object) {
    self.response = response
    self.chunks = NonCopyableAsyncThrowingStream(settled: SettledElements(elements: [body], failure: nil))
    self.parsedBody = parsed
  }

  /// Open to the migration module only: a ~Copyable struct that is not frozen cannot be taken apart
  /// outside its module, and the adapters must read the whole body to hand it to 0.x / 1.x hooks.
  @_spi(ApolloMigration)
  public consuming func takeChunks() -> NonCopyableAsyncThrowingStream<Data> {
    chunks
  }

  /// Transforms each chunk as it is read; a throw ends the body with that error.
  public consuming func mapChunks(
    _ transform: @escaping @Sendable (HTTPURLResponse, Data) async throws -> (Data)
  ) async -> HTTPResponse {
    let response = self.response
    let mapped = await chunks.map { chunk in try await transform(response, chunk) }
    return HTTPResponse(response: response, chunks: mapped)
  }
}
