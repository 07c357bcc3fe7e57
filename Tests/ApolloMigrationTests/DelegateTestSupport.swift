import ApolloCore
import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let migrationEndpoint = URL(string: "http://localhost:8080/graphql")!
let r2Body: JSON.Object = ["data": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]]
let lukeBody: JSON.Object = ["data": ["hero": ["__typename": "Human", "id": "1000", "name": "Luke Skywalker"]]]

struct CustomFailure: Error, Equatable {
  let code: Int
}

/// A task-local marker: a delegate that sees the caller's value ran on the chain's task.
enum ChainMarker {
  @TaskLocal static var value: String?
}

/// One call of the task-completed delegate.
struct RawTaskCall: @unchecked Sendable {
  // @unchecked Sendable: immutable; `error` and `response` are only read by the test that made them.
  let request: URLRequest
  let data: Data?
  let response: URLResponse?
  let error: (any Error)?
}

/// One call of the retry delegate.
struct RetryCall: @unchecked Sendable {
  // @unchecked Sendable: immutable; see RawTaskCall.
  let error: any Error
  let request: URLRequest
  let response: URLResponse?
}

/// The 0.x test suite's delegate: all four roles at once, recording every call with its arguments.
final class RecordingDelegate: HTTPNetworkTransportPreflightDelegate, HTTPNetworkTransportTaskCompletedDelegate,
  HTTPNetworkTransportRetryDelegate, HTTPNetworkTransportGraphQLErrorDelegate, @unchecked Sendable
{
  // @unchecked Sendable: every stored property is read and written only under `lock` (an NSLock).
  private let lock = NSLock()
  private var _events: [String] = []
  private var _rawTasks: [RawTaskCall] = []
  private var _retries: [RetryCall] = []
  private var _graphQLErrors: [[GraphQLError]] = []
  private var _markers: [String?] = []
  private var _queueLabels: [String] = []
  private var _transports: [ObjectIdentifier] = []

  /// Configuration; set before sending.
  var shouldSend: @Sendable (URLRequest) -> Bool = { _ in true }
  var willSend: @Sendable (inout URLRequest) -> Void = { _ in }
  var onError: @Sendable (any Error, Int, @escaping @Sendable (HTTPNetworkTransport.ContinueAction) -> Void) -> Void = { error, _, answer in
    answer(.fail(error))
  }
  var onGraphQLErrors: @Sendable ([GraphQLError], Int, @escaping @Sendable (Bool) -> Void) -> Void = { _, _, answer in answer(false) }
  /// A queue-specific key to look for while a hook runs.
  var queueKey: DispatchSpecificKey<String>?

  private func record(_ event: String, transport: HTTPNetworkTransport) {
    let queueLabel = queueKey.flatMap { DispatchQueue.getSpecific(key: $0) } ?? "<none>"
    locked {
      _events.append(event)
      _markers.append(ChainMarker.value)
      _queueLabels.append(queueLabel)
      _transports.append(ObjectIdentifier(transport))
    }
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  var events: [String] { locked { _events } }
  var rawTasks: [RawTaskCall] { locked { _rawTasks } }
  var retries: [RetryCall] { locked { _retries } }
  var graphQLErrorCalls: [[GraphQLError]] { locked { _graphQLErrors } }
  var markers: [String?] { locked { _markers } }
  var queueLabels: [String] { locked { _queueLabels } }
  var transports: [ObjectIdentifier] { locked { _transports } }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool {
    record("shouldSend", transport: networkTransport)
    return shouldSend(request)
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
    record("willSend", transport: networkTransport)
    willSend(&request)
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, didCompleteRawTaskForRequest request: URLRequest,
                        withData data: Data?, response: URLResponse?, error: (any Error)?) {
    record("didCompleteRawTask", transport: networkTransport)
    locked { _rawTasks.append(RawTaskCall(request: request, data: data, response: response, error: error)) }
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                        response: URLResponse?,
                        continueHandler: @escaping @Sendable (HTTPNetworkTransport.ContinueAction) -> Void) {
    record("receivedError", transport: networkTransport)
    let count = locked { () -> Int in
      _retries.append(RetryCall(error: error, request: request, response: response))
      return _retries.count
    }
    onError(error, count, continueHandler)
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedGraphQLErrors errors: [GraphQLError],
                        retryHandler: @escaping @Sendable (Bool) -> Void) {
    record("receivedGraphQLErrors", transport: networkTransport)
    let count = locked { () -> Int in
      _graphQLErrors.append(errors)
      return _graphQLErrors.count
    }
    onGraphQLErrors(errors, count, retryHandler)
  }
}

/// A token store for the "401 → refresh → retry" scenario.
final class TokenBox: Sendable {
  private let token = Mutex("expired")
  var value: String { token.withLock { $0 } }
  func refresh() { token.withLock { $0 = "fresh" } }
}

/// The stand-in 0.x transport the delegates receive.
func standInTransport() -> HTTPNetworkTransport {
  HTTPNetworkTransport(url: migrationEndpoint)
}

func bodyObject(_ request: ScriptedRequest) -> JSON.Object? {
  request.graphQLBody
}
