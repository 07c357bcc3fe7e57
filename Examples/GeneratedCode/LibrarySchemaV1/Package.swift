// swift-tools-version:5.9
// A schema package as Apollo iOS 1.x codegen writes it (module type `swiftPackageManager`), for the
// library schema of Tests/Fixtures. `Sources` is that fixture folder, the generated files unchanged.
//
// The one line an app changes when it brings its schema package to ApolloMigrationKit is the
// dependency: codegen names `https://github.com/apollographql/apollo-ios.git`; here it is this
// repository, under the same package name, so the target's `.product(name: "ApolloAPI", package:
// "apollo-ios")` stays as generated. (An app depending on a released ApolloMigrationKit writes
// `.package(url: <its URL>, from: <version>)` and names that package instead.)
import PackageDescription

let package = Package(
  name: "GeneratedFixturesV1",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "GeneratedFixturesV1", targets: ["GeneratedFixturesV1"]),
  ],
  dependencies: [
    .package(name: "apollo-ios", path: "../apollo-ios"),
  ],
  targets: [
    .target(
      name: "GeneratedFixturesV1",
      dependencies: [.product(name: "ApolloAPI", package: "apollo-ios")],
      path: "./Sources"
    ),
  ]
)
