import ApolloAPI

// A boxed query is a query and a boxed mutation a mutation, so a client's own methods for operations of the
// 1.x/2.x shape (`fetch`, `watch`, `perform`, and their cache policies) take the box as they are. The box's own
// `operationType` (what the operation recorded) wins over these protocols' defaults.

extension LegacyOperationBox: ApolloAPI.GraphQLQuery where Operation: GraphQLQuery {}

extension LegacyOperationBox: ApolloAPI.GraphQLMutation where Operation: GraphQLMutation {}
