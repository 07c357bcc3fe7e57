// swift-tools-version:6.1
// An Apollo iOS 0.34–0.53 app: its `API.swift` (unchanged codegen output, the same file as the 0.19–0.33 app in
// ../App) with the request chain of that time (`LegacyInterceptorProvider`, `RequestChainNetworkTransport`, the
// 1.x-style `ApolloClient`). A package of its own because its `Apollo` module is a different one from ../App's, and a
// build graph holds one module of a name. `scripts/check-generated-code.sh` builds and runs it.
import PackageDescription

let package = Package(
  name: "RequestChainApp",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  dependencies: [
    .package(name: "apollo-ios", path: "../apollo-ios"),
  ],
  targets: [
    // The app's `Apollo`: one line re-exporting ApolloLegacyAPIOnCallbackChain.
    .target(name: "Apollo", dependencies: [.product(name: "ApolloLegacyAPIOnCallbackChain", package: "apollo-ios")]),
    // Its code in the Swift 5 language mode, as apps of that time built it. The interceptor's file imports
    // ApolloCallbackChain, whose request chain is generic over today's operations.
    .executableTarget(
      name: "ReadLegacyAPIOnRequestChain",
      dependencies: ["Apollo", .product(name: "ApolloCallbackChain", package: "apollo-ios")],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
  ]
)
