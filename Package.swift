// swift-tools-version:6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
]

/// 2.x examples: each an executable under Examples/AsyncChain/<name>.
let asyncChainExamples = [
  "FetchHero",
  "AuthProviderExample",
  "LoggingInterceptorExample",
  "ReauthenticationExample",
  "StaleCacheExample",
  "TracingExample",
]

/// 0.x examples: each an executable under Examples/DelegateTransport/<name>.
let delegateTransportExamples = [
  "NetworkDelegateExample",
]

/// 1.x examples: each an executable under Examples/CallbackChain/<name>.
let callbackChainExamples = [
  "CallbackFetchHero",
  "CallbackNetworkExample",
]

let package = Package(
  name: "ApolloMigrationKit",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "ApolloCore", targets: ["ApolloCore"]),
    .library(name: "ApolloAsyncChain", targets: ["ApolloAsyncChain"]),
    .library(name: "ApolloDelegateTransport", targets: ["ApolloDelegateTransport"]),
    .library(name: "ApolloCallbackChain", targets: ["ApolloCallbackChain"]),
    .library(name: "ApolloWebSocket", targets: ["ApolloWebSocket"]),
    .library(name: "ApolloMigration", targets: ["ApolloMigration"]),
  ],
  targets: [
    .target(name: "ApolloCore", swiftSettings: strictSettings),
    .target(name: "ApolloAsyncChain", dependencies: ["ApolloCore"], swiftSettings: strictSettings),
    .target(name: "ApolloDelegateTransport", dependencies: ["ApolloCore"], swiftSettings: strictSettings),
    .target(name: "ApolloCallbackChain", dependencies: ["ApolloCore"], swiftSettings: strictSettings),
    .target(name: "ApolloWebSocket", dependencies: ["ApolloCore", "ApolloAsyncChain"], swiftSettings: strictSettings),
    // The only module that links generations: adapters, facades on the 2.x engine, and the parity harness.
    .target(name: "ApolloMigration", dependencies: ["ApolloCore", "ApolloDelegateTransport", "ApolloCallbackChain", "ApolloAsyncChain"],
            swiftSettings: strictSettings),

    // Hand-written operations, shaped like code generation output, and an in-process server for them.
    .target(name: "StarWarsAPI", dependencies: ["ApolloCore"], path: "Examples/StarWarsAPI", swiftSettings: strictSettings),
  ] + asyncChainExamples.map { name in
    .executableTarget(name: name, dependencies: ["StarWarsAPI", "ApolloAsyncChain"], path: "Examples/AsyncChain/\(name)",
                      swiftSettings: strictSettings)
  } + delegateTransportExamples.map { name in
    .executableTarget(name: name, dependencies: ["StarWarsAPI", "ApolloDelegateTransport"], path: "Examples/DelegateTransport/\(name)",
                      swiftSettings: strictSettings)
  } + callbackChainExamples.map { name in
    .executableTarget(name: name, dependencies: ["StarWarsAPI", "ApolloCallbackChain"], path: "Examples/CallbackChain/\(name)",
                      swiftSettings: strictSettings)
  } + [
    .executableTarget(name: "WebSocketSplitExample", dependencies: ["StarWarsAPI", "ApolloWebSocket"],
                      path: "Examples/WebSocket/WebSocketSplitExample", swiftSettings: strictSettings),
    .executableTarget(name: "ApolloBenchmarks", dependencies: ["ApolloAsyncChain", "StarWarsAPI"],
                      path: "Benchmarks/ApolloBenchmarks", swiftSettings: strictSettings),

    .executableTarget(name: "CallbackChainBenchmarks", dependencies: ["ApolloCallbackChain", "StarWarsAPI"],
                      path: "Benchmarks/CallbackChainBenchmarks", swiftSettings: strictSettings),

    .testTarget(name: "ApolloCoreTests", dependencies: ["ApolloCore"], swiftSettings: strictSettings),
    .testTarget(name: "ApolloAsyncChainTests", dependencies: ["ApolloCore", "ApolloAsyncChain", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloWebSocketTests", dependencies: ["ApolloCore", "ApolloAsyncChain", "ApolloWebSocket", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloCallbackChainTests", dependencies: ["ApolloCallbackChain", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloDelegateTransportTests", dependencies: ["ApolloDelegateTransport", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloMigrationTests", dependencies: ["ApolloMigration", "StarWarsAPI"], swiftSettings: strictSettings),
    .testTarget(name: "ParityTests", dependencies: ["ApolloMigration", "StarWarsAPI"], swiftSettings: strictSettings),
    .testTarget(name: "IntegrationTests", dependencies: ["ApolloCore", "ApolloAsyncChain", "ApolloDelegateTransport", "ApolloCallbackChain",
                                                  "ApolloWebSocket", "StarWarsAPI"],
                swiftSettings: strictSettings),
  ],
  swiftLanguageModes: [.v6]
)
