// swift-tools-version:6.1
// An app that brings its generated schema packages, one of each shape, unchanged: it depends on them
// and on ApolloMigrationKit by path, as an app's own package would, and runs one generated query of each
// through the package's executor and normalized store. `scripts/check-generated-code.sh` builds and runs it.
import PackageDescription

let package = Package(
  name: "GeneratedCodeApp",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  dependencies: [
    .package(name: "apollo-ios", path: "../../.."),
    .package(path: "../LibrarySchemaV1"),
    .package(path: "../LibrarySchemaV2"),
  ],
  targets: [
    .executableTarget(
      name: "ReadGeneratedCode",
      dependencies: [
        .product(name: "ApolloCore", package: "apollo-ios"),
        .product(name: "GeneratedFixturesV1", package: "LibrarySchemaV1"),
        .product(name: "GeneratedFixturesV2", package: "LibrarySchemaV2"),
      ]
    ),
  ]
)
