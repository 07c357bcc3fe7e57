import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport

// Several names exist in more than one generation (`RequestChain` is a 1.x protocol and a 2.x struct;
// `ApolloClient`, `CachePolicy`, `InterceptorProvider`, `HTTPResponse`, `GraphQLResponse`, `JSONRequest`,
// `NetworkTransport` likewise). Inside this module every such name is spelled through one of these
// aliases, so a reader always sees which generation a type belongs to.

// MARK: 0.x (ApolloDelegateTransport)
typealias V0Client = ApolloDelegateTransport.ApolloClient
typealias V0CachePolicy = ApolloDelegateTransport.CachePolicy
typealias V0NetworkTransport = ApolloDelegateTransport.NetworkTransport
typealias V0UploadingNetworkTransport = ApolloDelegateTransport.UploadingNetworkTransport
typealias V0GraphQLResponse<Data: RootSelectionSet> = ApolloDelegateTransport.GraphQLResponse<Data>
typealias V0GraphQLResult<Data> = ApolloDelegateTransport.GraphQLResult<Data>
typealias V0RequestError = ApolloDelegateTransport.GraphQLHTTPRequestError
typealias V0ClientOnStreamingSession = ApolloDelegateTransport.URLSessionClientOnStreamingSession

// MARK: 1.x (ApolloCallbackChain)
typealias V1Client = ApolloCallbackChain.ApolloClient
typealias V1CachePolicy = ApolloCallbackChain.CachePolicy
typealias V1NetworkTransport = ApolloCallbackChain.NetworkTransport
typealias V1UploadingNetworkTransport = ApolloCallbackChain.UploadingNetworkTransport
typealias V1InterceptorProvider = ApolloCallbackChain.InterceptorProvider
typealias V1RequestChain = ApolloCallbackChain.RequestChain
typealias V1HTTPRequest<Operation: GraphQLOperation> = ApolloCallbackChain.HTTPRequest<Operation>
typealias V1HTTPResponse<Operation: GraphQLOperation> = ApolloCallbackChain.HTTPResponse<Operation>
typealias V1JSONRequest<Operation: GraphQLOperation> = ApolloCallbackChain.JSONRequest<Operation>
typealias V1GraphQLResult<Data: RootSelectionSet> = ApolloCallbackChain.GraphQLResult<Data>
typealias V1MaxRetryInterceptor = ApolloCallbackChain.MaxRetryInterceptor
typealias V1ClientOnStreamingSession = ApolloCallbackChain.URLSessionClientOnStreamingSession

// MARK: 2.x (ApolloAsyncChain)
typealias V2Client = ApolloAsyncChain.ApolloClient
typealias V2CachePolicy = ApolloAsyncChain.CachePolicy
typealias V2InterceptorProvider = ApolloAsyncChain.InterceptorProvider
typealias V2RequestChain<Request: GraphQLRequest> = ApolloAsyncChain.RequestChain<Request>
typealias V2HTTPResponse = ApolloAsyncChain.HTTPResponse
typealias V2JSONRequest<Operation: GraphQLOperation> = ApolloAsyncChain.JSONRequest<Operation>
typealias V2GraphQLResponse<Operation: GraphQLOperation> = ApolloAsyncChain.GraphQLResponse<Operation>
typealias V2RequestChainNetworkTransport = ApolloAsyncChain.RequestChainNetworkTransport
typealias V2MaxRetryInterceptor = ApolloAsyncChain.MaxRetryInterceptor
