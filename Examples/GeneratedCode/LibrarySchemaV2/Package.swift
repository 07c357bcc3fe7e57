// swift-tools-version:6.1
// A schema package as Apollo iOS 2.x codegen writes it (module type `swiftPackageManager`), for the
// library schema of Tests/Fixtures. `Sources` is that fixture folder, the generated files unchanged.
// As for the 1.x package, only the dependency line differs from what codegen writes.
import PackageDescription

let package = Package(
  name: "GeneratedFixturesV2",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "GeneratedFixturesV2", targets: ["GeneratedFixturesV2"]),
  ],
  dependencies: [
    .package(name: "apollo-ios", path: "../apollo-ios"),
  ],
  targets: [
    .target(
      name: "GeneratedFixturesV2",
      dependencies: [.product(name: "ApolloAPI", package: "apollo-ios")],
      path: "./Sources"
    ),
  ],
  swiftLanguageModes: [.v6, .v5]
)
