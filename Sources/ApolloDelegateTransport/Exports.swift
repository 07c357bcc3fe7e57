// The 0.x generation shares its operations, JSON model, errors, request encoding and store with the
// other generations, so code that imports this module sees the core the way 0.x code saw `Apollo`.
@_exported import ApolloCore

// With the package trait MigrationDeprecations (off by default), this module's public entry points are
// `@available(*, deprecated)` under `#if MigrationDeprecations`: one message per group of declarations,
// "0.x API: use <2.x counterpart>; until then <ApolloMigration adapter> …". Every extension of a deprecated
// type is deprecated too, which keeps this module's own build free of the warnings.
