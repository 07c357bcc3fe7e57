import Foundation

/// The name ``URLSessionClientOnStreamingSession`` had before it matched the 1.x and 2.x clients over an
/// `HTTPStreamingSession`. (Its callback queue then defaulted to `.main`; pass `.main` to keep that.)
@available(*, deprecated, renamed: "URLSessionClientOnStreamingSession")
public typealias StreamingSessionClient = URLSessionClientOnStreamingSession
