/// Every value of `stream` and the error it ended with (nil for a normal end), failing with ``TimeoutError``
/// when the stream has not ended after `timeout` seconds.
package func collect<T: Sendable>(
  _ stream: AsyncThrowingStream<T, any Error>, timeout: Double = 10
) async throws -> (values: [T], error: (any Error)?) {
  try await withTimeout(timeout) {
    var values: [T] = []
    do {
      for try await value in stream { values.append(value) }
      return (values, nil)
    } catch {
      return (values, error)
    }
  }
}
