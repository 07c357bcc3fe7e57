// Every generation's API is written in Foundation's types (`URL`, `Data`, `DispatchQueue`) and in its URL
// loading types (`URLRequest`, `URLResponse`, `HTTPURLResponse`, `URLSession`, `URLSessionConfiguration`), as
// upstream's is. On Apple platforms they all live in Foundation; on Linux the URL loading types moved to
// FoundationNetworking, which upstream never met, so code from the Apollo docs failed there with
// "cannot find type 'URLRequest' in scope". Re-exporting both makes `import <generation module>` enough, on
// every platform: code written for a release compiles with only its `import` changed
// (scripts/check-doc-snippets.sh compiles the docs' snippets with nothing else imported).
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif

// Operations are the generated code's (`ApolloAPI`'s `GraphQLOperation`, `SelectionSet`, ...), so
// every generation's API speaks them; importing a generation module brings them along.
@_exported import ApolloAPI
