@testable import ApolloAsyncChain

/// What a reader of a `NonCopyableAsyncThrowingStream<Int>` sees through `forEachElement`: the elements it
/// was handed, then how the reading ended. The stream-reading tests compare these between a stream read
/// directly (settled, pulled) and the same stream made and read.
struct StreamReading: Equatable {
  /// The error the test streams fail with.
  struct Broken: Error, Equatable {}

  var elements: [Int] = []
  var failure: Broken?
  var otherFailure = false

  /// Reads `stream`, stopping after `limit` elements.
  static func read(_ stream: consuming NonCopyableAsyncThrowingStream<Int>, stopAfter limit: Int = .max) async -> StreamReading {
    var reading = StreamReading()
    do {
      try await stream.forEachElement { element in
        reading.elements.append(element)
        return reading.elements.count < limit
      }
    } catch let error as Broken {
      reading.failure = error
    } catch {
      reading.otherFailure = true
    }
    return reading
  }
}
