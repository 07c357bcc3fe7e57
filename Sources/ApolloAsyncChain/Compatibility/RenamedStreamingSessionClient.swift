import Foundation

/// The name ``ApolloURLSessionOnStreamingSession`` had before it matched the 0.x and 1.x clients over an
/// ``HTTPStreamingSession``.
@available(*, deprecated, renamed: "ApolloURLSessionOnStreamingSession")
public typealias ChunkedStreamingSession = ApolloURLSessionOnStreamingSession
