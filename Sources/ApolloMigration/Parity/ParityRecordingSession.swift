import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request a recording session sent and what came back.
public struct ParityRecordedExchange: Sendable {
  /// The request as sent.
  public var request: URLRequest
  /// `nil` when no response head arrived.
  public var statusCode: Int?
  /// The response's headers.
  public var headers: [String: String]
  /// The body bytes that arrived.
  public var body: Data
  /// The transport error, when the exchange failed.
  public var error: String?

  /// An exchange; the response parts stay empty until they arrive.
  public init(request: URLRequest, statusCode: Int? = nil, headers: [String: String] = [:], body: Data = Data(),
              error: String? = nil) {
    self.request = request
    self.statusCode = statusCode
    self.headers = headers
    self.body = body
    self.error = error
  }
}

/// A real `URLSession` that remembers every exchange passing through it: the requests for the trace,
/// the responses for a cassette. Every generation's stack loads through it against a live server.
final class ParityRecordingSession: HTTPStreamingSession {
  typealias Exchange = ParityRecordedExchange

  private let inner = URLSessionStreamingSession(configuration: .ephemeral)
  private let log = Mutex<[Exchange]>([])

  /// Every exchange so far, oldest first.
  var exchanges: [Exchange] { log.withLock { $0 } }

  func start(_ request: URLRequest) async throws -> HTTPStreamingResponse {
    let index = log.withLock { log -> Int in
      log.append(Exchange(request: request))
      return log.count - 1
    }
    let response: HTTPStreamingResponse
    do {
      response = try await inner.start(request)
    } catch {
      log.withLock { $0[index].error = "\(error)" }
      throw error
    }
    var headers: [String: String] = [:]
    for (name, value) in response.response.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    log.withLock { log in
      log[index].statusCode = response.response.statusCode
      log[index].headers = headers
    }
    let upstream = response.body
    let log = self.log
    let body = AsyncThrowingStream<Data, any Error> { continuation in
      let task = Task {
        do {
          for try await chunk in upstream {
            log.withLock { $0[index].body.append(chunk) }
            continuation.yield(chunk)
          }
          continuation.finish()
        } catch {
          log.withLock { $0[index].error = "\(error)" }
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
    return HTTPStreamingResponse(response: response.response, body: body)
  }
}

extension ParityRecordingSession: ApolloURLSession {}

extension ParitySessions {
  /// Every generation through one recording session: 0.x and 1.x through their streaming clients over it.
  static func recording(_ session: ParityRecordingSession) -> ParitySessions {
    ParitySessions(
      streaming: session,
      v0Client: { queue in V0ClientOnStreamingSession(session: session, callbackQueue: queue) },
      v1Client: { queue in V1ClientOnStreamingSession(session: session, callbackQueue: queue) })
  }
}
