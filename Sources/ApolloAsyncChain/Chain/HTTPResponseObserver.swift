import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sees the HTTP response of the requests sent while it is bound (``current``): the head and the latest body chunk,
/// as the HTTP interceptors handed them on.
///
/// Open to the package only: a 1.x interceptor adapted on its own after the parser (the migration module's
/// standalone wrapper) reads the response its result came from, as 1.x handed every interceptor after the fetch
/// the `HTTPResponse`. 2.x's GraphQL interceptors see no HTTP response, so nothing public changes; a request sent
/// without one bound costs a task-local read.
package final class HTTPResponseObserver: Sendable {
  /// The observer of the requests sent in the current task (and the tasks it starts).
  @TaskLocal package static var current: HTTPResponseObserver?

  private let observed = Mutex<(response: HTTPURLResponse, latestChunk: Data)?>(nil)

  package init() {}

  /// The head of the latest response and its latest body chunk (empty until one arrives).
  package var latest: (response: HTTPURLResponse, latestChunk: Data)? {
    observed.withLock { $0 }
  }

  /// `response`, handed on with its head and chunks noted as they are read.
  func observing(_ response: consuming HTTPResponse) -> HTTPResponse {
    let head = response.response
    if let settled = response.chunks.settled {
      // Read already: handed on as it is (with the object an HTTP stage may have parsed).
      observed.withLock { $0 = (head, settled.elements.last ?? Data()) }
      return response
    }
    observed.withLock { $0 = (head, Data()) }
    let body = response.chunks.puller()
    return HTTPResponse(response: head, chunks: NonCopyableAsyncThrowingStream(pulling: { [self] in
      let chunk = try await body()
      if let chunk { observed.withLock { $0 = (head, chunk) } }
      return chunk
    }))
  }
}
