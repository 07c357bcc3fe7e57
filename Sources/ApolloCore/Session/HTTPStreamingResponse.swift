import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The head of an HTTP response together with its streaming body.
public struct HTTPStreamingResponse: Sendable {
  /// The response head: status code and header fields.
  public let response: HTTPURLResponse
  /// Body bytes in arrival order. Ends normally at the end of the body, or with the transport error (e.g. URLError) if the connection fails mid-body.
  public let body: AsyncThrowingStream<Data, any Error>

  /// Creates a response from its head and its body stream.
  public init(response: HTTPURLResponse, body: AsyncThrowingStream<Data, any Error>) {
    self.response = response
    self.body = body
  }
}
