import Foundation

extension TaskLocal {
  /// Binds the value while `operation` runs and returns its (possibly non-copyable) result, so that
  /// `$value.withValue(v) { await next(request) }` works with ``InterceptorResultStream``.
  @_disfavoredOverload
  public final func withValue<R: ~Copyable>(
    _ valueDuringOperation: Value, operation: () async throws -> R, isolation: isolated (any Actor)? = #isolation,
    file: String = #fileID, line: UInt = #line
  ) async rethrows -> R {
    var result: R? = nil
    try await self.withValue(valueDuringOperation, operation: { result = try await operation() }, isolation: isolation, file: file, line: line)
    return result.take()!
  }

  /// Synchronous form of the non-copyable `withValue`.
  @_disfavoredOverload
  public final func withValue<R: ~Copyable>(
    _ valueDuringOperation: Value, operation: () throws -> R, file: String = #fileID, line: UInt = #line
  ) rethrows -> R {
    var result: R? = nil
    try self.withValue(valueDuringOperation, operation: { result = try operation() }, file: file, line: line)
    return result.take()!
  }
}
