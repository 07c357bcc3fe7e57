// swift-tools-version:6.1
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

/// 0.x examples in the Swift 5 language mode, as apps that have not moved to Swift 6 build their code: each an
/// executable under Examples/DelegateTransport/<name> with `swiftSettings: [.swiftLanguageMode(.v5)]`.
let legacyLanguageModeExamples = [
  "DocsNetworkSingleton",
]

/// 1.x examples: each an executable under Examples/CallbackChain/<name>.
let callbackChainExamples = [
  "CallbackFetchHero",
  "CallbackNetworkExample",
]

/// Migration examples: a team's old hooks (0.x delegates, a 1.x interceptor provider) running on the 2.x
/// engine through ApolloMigration; each an executable under Examples/Migration/<name>.
let migrationExamples = [
  "MigratedNetworkSingleton",
  "MigratedCallbackProvider",
  "MixedGenerationsApp",
]

/// WebSocket examples: each an executable under Examples/WebSocket/<name>; embedded by default too (an in-process
/// WebSocket peer on loopback), or against TestServer given as the argument.
let webSocketExamples = [
  "WebSocketSplitExample",
]

let package = Package(
  name: "ApolloMigrationKit",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "ApolloAPI", targets: ["ApolloAPI"]),
    .library(name: "ApolloCore", targets: ["ApolloCore"]),
    .library(name: "ApolloAsyncChain", targets: ["ApolloAsyncChain"]),
    .library(name: "ApolloDelegateTransport", targets: ["ApolloDelegateTransport"]),
    .library(name: "ApolloCallbackChain", targets: ["ApolloCallbackChain"]),
    .library(name: "ApolloLegacyAPI", targets: ["ApolloLegacyAPI"]),
    .library(name: "ApolloLegacyAPIOnCallbackChain", targets: ["ApolloLegacyAPIOnCallbackChain"]),
    .library(name: "ApolloWebSocketCore", targets: ["ApolloWebSocketCore"]),
    .library(name: "ApolloWebSocket", targets: ["ApolloWebSocket"]),
    .library(name: "ApolloDelegateWebSocket", targets: ["ApolloDelegateWebSocket"]),
    .library(name: "ApolloCallbackWebSocket", targets: ["ApolloCallbackWebSocket"]),
    .library(name: "ApolloMigration", targets: ["ApolloMigration"]),
    .library(name: "ApolloParityCatalog", targets: ["ApolloParityCatalog"]),
    .executable(name: "apollo-parity", targets: ["ApolloParityCommand"]),
    .library(name: "ApolloParityTesting", targets: ["ApolloParityTesting"]),
    // The examples' operations (shaped like generated code) and their in-process server, to try the package
    // without writing operations first.
    .library(name: "StarWarsAPI", targets: ["StarWarsAPI"]),
  ],
  traits: [
    // Opt in: `swift build --traits MigrationDeprecations`, or `traits: ["MigrationDeprecations"]` on the dependency.
    .trait(name: "MigrationDeprecations",
           description: "Deprecates the 0.x and 1.x APIs; each warning names the 2.x counterpart and the ApolloMigration adapter."),
    .default(enabledTraits: []),
  ],
  targets: [
    // What generated operation code targets (1.x and 2.x shapes): selection sets, schema metadata, scalars.
    .target(name: "ApolloAPI", swiftSettings: strictSettings),
    .target(name: "ApolloCore", dependencies: ["ApolloAPI"], swiftSettings: strictSettings),
    .target(name: "ApolloAsyncChain", dependencies: ["ApolloCore"], swiftSettings: strictSettings),
    .target(name: "ApolloDelegateTransport", dependencies: ["ApolloCore"], swiftSettings: strictSettings),
    .target(name: "ApolloCallbackChain", dependencies: ["ApolloCore"], swiftSettings: strictSettings),
    // The runtime a 0.19–0.53 `API.swift` is written against (selection sets, `ResultMap`, the 0.x executor), on
    // no networking; its names are ApolloAPI's, so apps reach it through one of the two fronts below.
    .target(name: "ApolloLegacyRuntime", dependencies: ["ApolloCore"], swiftSettings: strictSettings),
    // The `API.swift` runtime over the 0.x networking and socket (apps of 0.19–0.33), re-exporting them; an app
    // imports it as `Apollo`. Its aliases of the runtime's names shadow ApolloAPI's and ApolloDelegateTransport's.
    .target(name: "ApolloLegacyAPI", dependencies: ["ApolloCore", "ApolloLegacyRuntime", "ApolloDelegateTransport",
                                                   "ApolloDelegateWebSocket"],
            swiftSettings: strictSettings),
    // The `API.swift` runtime over the 1.x callback chain (apps of 0.34–0.53), re-exporting both; likewise.
    .target(name: "ApolloLegacyAPIOnCallbackChain", dependencies: ["ApolloCore", "ApolloLegacyRuntime", "ApolloCallbackChain"],
            swiftSettings: strictSettings),
    // What every generation's socket stands on: the dependency-free RFC 6455 client and the task/session seam
    // (`URLSessionWebSocketTask` on Apple platforms). It imports no generation.
    .target(name: "ApolloWebSocketCore", dependencies: ["ApolloCore"], swiftSettings: strictSettings),
    .target(name: "ApolloWebSocket", dependencies: ["ApolloCore", "ApolloWebSocketCore", "ApolloAsyncChain"], swiftSettings: strictSettings),
    // The 1.x socket (upstream 1.25's ApolloWebSocket module): the Starscream-style `WebSocket`, both sub-protocols,
    // on the 1.x callback chain; beside its generation, sharing the RFC 6455 client and the message codec.
    .target(name: "ApolloCallbackWebSocket", dependencies: ["ApolloCore", "ApolloWebSocketCore", "ApolloCallbackChain"],
            swiftSettings: strictSettings),
    // The 0.x `graphql-ws` socket (0.33's ApolloWebSocket without Starscream), beside its generation's HTTP module.
    .target(name: "ApolloDelegateWebSocket", dependencies: ["ApolloDelegateTransport", "ApolloWebSocketCore"],
            swiftSettings: strictSettings),
    // The only module that links generations: adapters, facades on the 2.x engine, and the parity harness.
    .target(name: "ApolloMigration", dependencies: ["ApolloCore", "ApolloDelegateTransport", "ApolloCallbackChain", "ApolloAsyncChain"],
            swiftSettings: strictSettings),

    // The built-in parity catalog (scenarios over the Star Wars operations): apollo-parity and ParityTests run it.
    .target(name: "ApolloParityCatalog", dependencies: ["ApolloMigration", "StarWarsAPI"], swiftSettings: strictSettings),
    // assertParity (XCTest) and expectParity (Swift Testing) for an app's own test targets.
    .target(name: "ApolloParityTesting", dependencies: ["ApolloMigration"], swiftSettings: strictSettings),
    // apollo-parity: the catalog through every stack, as a matrix (the README's main job).
    .executableTarget(name: "ApolloParityCommand", dependencies: ["ApolloMigration", "ApolloParityCatalog"],
                      swiftSettings: strictSettings),

    // Hand-written operations, shaped like code generation output, and an in-process server for them.
    .target(name: "StarWarsAPI", dependencies: ["ApolloAPI", "ApolloCore"], path: "Examples/StarWarsAPI",
            exclude: ["graphql"], swiftSettings: strictSettings),

    // Generated-code fixtures: one library schema and its operations, written exactly as Apollo iOS codegen
    // prints them, once per generation; they must compile against ApolloAPI unchanged. 1.x packages were
    // swift-tools 5.x, so the 1.x shape builds in Swift 5 mode.
    .target(name: "GeneratedFixturesV1", dependencies: ["ApolloAPI"], path: "Tests/Fixtures/GeneratedV1",
            swiftSettings: [.swiftLanguageMode(.v5)]),
    .target(name: "GeneratedFixturesV2", dependencies: ["ApolloAPI"], path: "Tests/Fixtures/GeneratedV2",
            swiftSettings: [.swiftLanguageMode(.v6)]),
  ] + asyncChainExamples.map { name in
    .executableTarget(name: name, dependencies: ["StarWarsAPI", "ApolloAsyncChain"], path: "Examples/AsyncChain/\(name)",
                      swiftSettings: strictSettings)
  } + delegateTransportExamples.map { name in
    .executableTarget(name: name, dependencies: ["StarWarsAPI", "ApolloDelegateTransport"], path: "Examples/DelegateTransport/\(name)",
                      swiftSettings: strictSettings)
  } + legacyLanguageModeExamples.map { name in
    // Only the language mode, as an app target of that time has it (no ExistentialAny: its code says `Error`).
    .executableTarget(name: name, dependencies: ["StarWarsAPI", "ApolloDelegateTransport"], path: "Examples/DelegateTransport/\(name)",
                      swiftSettings: [.swiftLanguageMode(.v5)])
  } + callbackChainExamples.map { name in
    .executableTarget(name: name, dependencies: ["StarWarsAPI", "ApolloCallbackChain"], path: "Examples/CallbackChain/\(name)",
                      swiftSettings: strictSettings)
  } + migrationExamples.map { name in
    .executableTarget(name: name, dependencies: ["StarWarsAPI", "ApolloMigration", "ApolloDelegateTransport", "ApolloCallbackChain",
                                                 "ApolloAsyncChain"],
                      path: "Examples/Migration/\(name)", swiftSettings: strictSettings)
  } + webSocketExamples.map { name in
    .executableTarget(name: name, dependencies: ["StarWarsAPI", "ApolloWebSocket"], path: "Examples/WebSocket/\(name)",
                      swiftSettings: strictSettings)
  } + [
    .executableTarget(name: "ApolloBenchmarks", dependencies: ["ApolloAPI", "ApolloAsyncChain", "ApolloCallbackChain", "ApolloDelegateTransport", "ApolloMigration", "StarWarsAPI"],
                      path: "Benchmarks/ApolloBenchmarks", swiftSettings: strictSettings),

    .executableTarget(name: "CallbackChainBenchmarks", dependencies: ["ApolloCallbackChain", "StarWarsAPI"],
                      path: "Benchmarks/CallbackChainBenchmarks", swiftSettings: strictSettings),

    // What the test targets share: a time limit for hangs, polling, a thread-safe recorder, stream collection.
    .target(name: "ApolloTestSupport", path: "Tests/ApolloTestSupport", swiftSettings: strictSettings),

    .testTarget(name: "ApolloAPITests", dependencies: ["ApolloAPI", "GeneratedFixturesV1", "GeneratedFixturesV2"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloCoreTests", dependencies: ["ApolloTestSupport", "ApolloCore"], swiftSettings: strictSettings),
    // The selection-driven executor: reading, normalizing and cache reads through generated selections.
    .testTarget(name: "ExecutorTests", dependencies: ["ApolloCore", "ApolloAPI", "GeneratedFixturesV2", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloAsyncChainTests", dependencies: ["ApolloTestSupport", "ApolloCore", "ApolloAsyncChain", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloWebSocketTests", dependencies: ["ApolloTestSupport", "ApolloCore", "ApolloWebSocketCore", "ApolloAsyncChain", "ApolloWebSocket",
                                                         "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloCallbackWebSocketTests", dependencies: ["ApolloCallbackWebSocket", "ApolloWebSocketCore", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloCallbackChainTests", dependencies: ["ApolloTestSupport", "ApolloCallbackChain", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloDelegateTransportTests", dependencies: ["ApolloTestSupport", "ApolloDelegateTransport", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloLegacyAPITests", dependencies: ["ApolloLegacyAPI", "ApolloLegacyRuntime", "ApolloTestSupport"], swiftSettings: strictSettings),
    .testTarget(name: "ApolloLegacyAPIOnCallbackChainTests", dependencies: ["ApolloLegacyAPIOnCallbackChain", "ApolloLegacyRuntime", "ApolloTestSupport"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloDelegateWebSocketTests", dependencies: ["ApolloDelegateWebSocket", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "ApolloMigrationTests", dependencies: ["ApolloTestSupport", "ApolloMigration", "StarWarsAPI"], swiftSettings: strictSettings),
    .testTarget(name: "ParityTests", dependencies: ["ApolloMigration", "ApolloParityCatalog", "ApolloParityTesting", "StarWarsAPI"],
                swiftSettings: strictSettings),
    .testTarget(name: "IntegrationTests", dependencies: ["ApolloTestSupport", "ApolloCore", "ApolloAsyncChain", "ApolloDelegateTransport", "ApolloCallbackChain",
                                                  "ApolloWebSocket", "ApolloDelegateWebSocket", "ApolloCallbackWebSocket", "StarWarsAPI"],
                swiftSettings: strictSettings),
  ],
  swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/README.md). Declared only when APOLLO_FUZZ=1, which scripts/fuzz.sh sets when it builds
// them with `-sanitize=fuzzer,address` into .build-fuzz: libFuzzer supplies `main`, so without that flag the
// executable would not link, and the normal build never compiles them.
if Context.environment["APOLLO_FUZZ"] == "1" {
  package.targets.append(
    .executableTarget(name: "ApolloFuzz",
                      dependencies: ["ApolloCore", "ApolloAsyncChain", "ApolloCallbackChain", "ApolloDelegateTransport",
                                     "ApolloWebSocketCore", "ApolloWebSocket", "ApolloCallbackWebSocket", "StarWarsAPI"],
                      path: "Fuzz/ApolloFuzz", swiftSettings: strictSettings)
  )
}
