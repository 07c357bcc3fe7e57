import ApolloCore

/// The last response object one send parsed.
final class BodyCapture: Sendable {
  private let body = Mutex<JSON.Object?>(nil)
  func store(_ object: JSON.Object) { body.withLock { $0 = object } }
  var last: JSON.Object? { body.withLock { $0 } }
}
