// swift-tools-version:6.1
// An app that brings its generated schema packages, one of each shape, unchanged: it depends on them
// and on ApolloMigrationKit by path, as an app's own package would, and runs one generated query of each
// through the package's executor and normalized store. `scripts/check-generated-code.sh` builds and runs it.
import PackageDescription

let package = Package(
  name: "GeneratedCodeApp",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  dependencies: [
    .package(name: "apollo-ios", path: "../apollo-ios"),
    .package(path: "../LibrarySchemaV1"),
    .package(path: "../LibrarySchemaV2"),
  ],
  targets: [
    // A 0.19–0.33 app: its `API.swift` (unchanged codegen output) and its own code, both `import Apollo`,
    // the one-line module below that re-exports ApolloLegacyAPI. 0.x apps built in the Swift 5 language mode.
    .target(name: "Apollo", dependencies: [.product(name: "ApolloLegacyAPI", package: "apollo-ios")]),
    .executableTarget(
      name: "ReadLegacyAPI",
      dependencies: ["Apollo"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
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
