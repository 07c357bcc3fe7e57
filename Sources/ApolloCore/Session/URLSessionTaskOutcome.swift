import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a `URLSessionClient` task ended (0.x and 1.x each have one): what its completion is told, before
/// the generation names the failure with its own `URLSessionClientError`.
public enum URLSessionTaskOutcome {
  /// The task ended without an error and with an HTTP response.
  case success(data: Data, response: HTTPURLResponse)
  /// The task failed with `underlying`, after `data` (often empty) and the response head, if one arrived.
  case networkError(data: Data, response: HTTPURLResponse?, underlying: any Error)
  /// The task ended without an error but without an HTTP response (a non-HTTP URL, say).
  case noHTTPResponse

  /// The outcome of a task that received `data` and `response` and ended with `error`: an error wins over
  /// a response, as in both generations' clients.
  public init(data: Data, response: HTTPURLResponse?, error: (any Error)?) {
    if let error {
      self = .networkError(data: data, response: response, underlying: error)
    } else if let response {
      self = .success(data: data, response: response)
    } else {
      self = .noHTTPResponse
    }
  }
}

/// A task's record in a ``URLSessionTaskTable`` that the table can fail on its own: where its callbacks
/// run and the completion they end with (each generation's `TaskData`).
package protocol URLSessionTaskEntry: Sendable {
  /// Where the task's callbacks run.
  var lane: CallbackLane { get }
  /// Called with each result of the task.
  var completionBlock: (Result<(Data, HTTPURLResponse), any Error>) -> Void { get }
}

extension URLSessionTaskTable where Entry: URLSessionTaskEntry {
  /// Takes every entry out, in task order, and fails each completion with `error` on its lane: what a
  /// client does when its session becomes invalid.
  package func failAll(with error: any Error) {
    for entry in removeAllEntries() {
      entry.lane.submit { entry.completionBlock(.failure(error)) }
    }
  }
}
