// The app's `Apollo` module: what its 0.33 code and `API.swift` import. It is the 0.x runtime and networking of
// this package, re-exported, so neither file changes. (SwiftPM's `moduleAliases` would spare this file, but the
// toolchain this repository builds with rejects `import Apollo` for an aliased product: swiftlang/swift-package-manager#10417.)
@_exported import ApolloLegacyAPI
