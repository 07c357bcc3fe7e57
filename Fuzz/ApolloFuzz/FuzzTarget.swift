import Foundation

/// One fuzz target: a name (its corpus is `Fuzz/Corpus/<name>`) and what it does with an input.
struct FuzzTarget: Sendable {
  let name: String
  let run: @Sendable (Data) -> Void

  /// Every target, in the order `scripts/fuzz.sh` runs them.
  static let all: [FuzzTarget] = [
    FuzzTarget(name: "json", run: fuzzJSONParser),
    FuzzTarget(name: "multipart", run: fuzzMultipartSplitter),
    FuzzTarget(name: "defer", run: fuzzIncrementalMerger),
    FuzzTarget(name: "defer-reading", run: fuzzDeferredReading),
    FuzzTarget(name: "async-parser", run: fuzzAsyncChainParser),
    FuzzTarget(name: "callback-parsers", run: fuzzCallbackChainParsers),
    FuzzTarget(name: "delegate-response", run: fuzzDelegateTransportResponse),
    FuzzTarget(name: "websocket-message", run: fuzzWebSocketMessages),
    FuzzTarget(name: "callback-websocket-message", run: fuzzCallbackWebSocketMessages),
    FuzzTarget(name: "websocket-frames", run: fuzzRFC6455Frames),
    FuzzTarget(name: "request-encoders", run: fuzzRequestEncoders),
  ]
}

/// Fails the run with `message` (libFuzzer saves the input as a crash artifact).
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() { preconditionFailure(message()) }
}
