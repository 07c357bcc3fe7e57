import Foundation

/// The name ``URLSessionClientOnStreamingSession`` had before it matched the 0.x and 2.x clients over an
/// `HTTPStreamingSession`.
@available(*, deprecated, renamed: "URLSessionClientOnStreamingSession")
public typealias ScriptedURLSessionClient = URLSessionClientOnStreamingSession

/// The name ``StreamingSessionTask`` had before.
@available(*, deprecated, renamed: "StreamingSessionTask")
public typealias ScriptedURLSessionTask = StreamingSessionTask

extension URLSessionClientOnStreamingSession {
  /// The initializer's former labels.
  @available(*, deprecated, renamed: "init(session:callbackQueue:)")
  public convenience init(server: any HTTPStreamingSession, callbackQueue: DispatchQueue? = nil) {
    self.init(session: server, callbackQueue: callbackQueue)
  }

  /// The former name of ``streamingSession``.
  @available(*, deprecated, renamed: "streamingSession")
  public var server: any HTTPStreamingSession { streamingSession }
}
