import ApolloAPI

// Until the core's own operation model is replaced by `ApolloAPI` (issue 10), both modules declare
// these names; the tests mean ApolloAPI's.
typealias DataDict = ApolloAPI.DataDict
typealias GraphQLOperationVariableValue = ApolloAPI.GraphQLOperationVariableValue
typealias GraphQLNullable = ApolloAPI.GraphQLNullable
typealias JSONValue = ApolloAPI.JSONValue
typealias JSONEncodable = ApolloAPI.JSONEncodable
typealias JSONDecodable = ApolloAPI.JSONDecodable
