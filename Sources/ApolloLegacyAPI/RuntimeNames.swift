import ApolloLegacyRuntime

// The names the `API.swift` runtime shares with ApolloAPI, ApolloCore or ApolloDelegateTransport: declared here
// so that they mean the runtime's in code that imports this module (see Exports.swift). One line each.

/// The 0.x operation protocol (``ApolloLegacyRuntime/GraphQLOperation``).
public typealias GraphQLOperation = ApolloLegacyRuntime.GraphQLOperation
/// The 0.x query protocol (``ApolloLegacyRuntime/GraphQLQuery``).
public typealias GraphQLQuery = ApolloLegacyRuntime.GraphQLQuery
/// The 0.x mutation protocol (``ApolloLegacyRuntime/GraphQLMutation``).
public typealias GraphQLMutation = ApolloLegacyRuntime.GraphQLMutation
/// The 0.x subscription protocol (``ApolloLegacyRuntime/GraphQLSubscription``).
public typealias GraphQLSubscription = ApolloLegacyRuntime.GraphQLSubscription
/// The 0.x operation kind (``ApolloLegacyRuntime/GraphQLOperationType``).
public typealias GraphQLOperationType = ApolloLegacyRuntime.GraphQLOperationType
/// 0.x variables, `[String: JSONEncodable?]` (``ApolloLegacyRuntime/GraphQLMap``), not the 0.x networking's typed JSON object.
public typealias GraphQLMap = ApolloLegacyRuntime.GraphQLMap
/// An untyped JSON value (``ApolloLegacyRuntime/JSONValue``).
public typealias JSONValue = ApolloLegacyRuntime.JSONValue
/// An untyped JSON object (``ApolloLegacyRuntime/JSONObject``).
public typealias JSONObject = ApolloLegacyRuntime.JSONObject
/// What generated code reads from JSON (``ApolloLegacyRuntime/JSONDecodable``).
public typealias JSONDecodable = ApolloLegacyRuntime.JSONDecodable
/// What generated code writes as JSON (``ApolloLegacyRuntime/JSONEncodable``).
public typealias JSONEncodable = ApolloLegacyRuntime.JSONEncodable
/// Why a JSON value could not be read (``ApolloLegacyRuntime/JSONDecodingError``).
public typealias JSONDecodingError = ApolloLegacyRuntime.JSONDecodingError
