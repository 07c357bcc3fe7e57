// The names the request chain had in 0.34–0.49 (the interceptor RFC and apps of that time use them:
// `LegacyInterceptorProvider(store: store)`). 0.50 renamed them; they remain here as deprecated spellings
// of the same types, so code of that era compiles with only its import changed.

/// 0.34–0.49's name for ``DefaultInterceptorProvider``.
@available(*, deprecated, renamed: "DefaultInterceptorProvider")
public typealias LegacyInterceptorProvider = DefaultInterceptorProvider

/// 0.34–0.49's name for ``CacheReadInterceptor``.
@available(*, deprecated, renamed: "CacheReadInterceptor")
public typealias LegacyCacheReadInterceptor = CacheReadInterceptor

/// 0.34–0.49's name for ``CacheWriteInterceptor``.
@available(*, deprecated, renamed: "CacheWriteInterceptor")
public typealias LegacyCacheWriteInterceptor = CacheWriteInterceptor

/// 0.34–0.49's name for ``JSONResponseParsingInterceptor``.
@available(*, deprecated, renamed: "JSONResponseParsingInterceptor")
public typealias LegacyParsingInterceptor = JSONResponseParsingInterceptor
