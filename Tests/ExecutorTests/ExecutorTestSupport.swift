@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import XCTest

/// Executes `type` on response data, as a network response's `data`.
func execute<S: ApolloAPI.SelectionSet>(
  _ type: S.Type, _ data: JSON.Object, variables: ApolloAPI.GraphQLOperation.Variables? = nil
) throws -> S {
  try GraphQLExecutor.execute(type, data: data, variables: variables, rootKey: "QUERY_ROOT", normalizing: false).data
}

/// Normalizes response data rooted at `QUERY_ROOT`.
func normalize<S: ApolloAPI.RootSelectionSet>(
  _ type: S.Type, _ data: JSON.Object, variables: ApolloAPI.GraphQLOperation.Variables? = nil
) throws -> RecordSet {
  try XCTUnwrap(GraphQLExecutor.execute(type, data: data, variables: variables, rootKey: "QUERY_ROOT", normalizing: true).records)
}

/// Asserts that `body` throws a `GraphQLExecutionError` at `path` whose underlying error is `expected`.
func assertExecutionError<T>(
  _ body: @autoclosure () throws -> T, path: [String], _ expected: ApolloAPI.JSONDecodingError,
  file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertThrowsError(try body(), file: file, line: line) { error in
    guard let error = error as? GraphQLExecutionError else {
      return XCTFail("expected GraphQLExecutionError, got \(error)", file: file, line: line)
    }
    XCTAssertEqual(error.path, ResponsePath(path), file: file, line: line)
    XCTAssertEqual(error.underlying as? ApolloAPI.JSONDecodingError, expected, file: file, line: line)
  }
}
