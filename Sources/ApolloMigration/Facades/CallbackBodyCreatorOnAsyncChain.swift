import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore

/// A 1.x `RequestBodyCreator` as a 2.x `JSONRequestBodyCreator`, adding 1.x's
/// `extensions.clientLibrary` (`apollo-ios` / the 1.x version) when `sendEnhancedClientAwareness` is on,
/// so the facade's bodies are byte-for-byte 1.x's.
struct CallbackBodyCreatorOnAsyncChain: JSONRequestBodyCreator, CoreJSONBodyCreating {
  let creator: CallbackConfined<any ApolloCallbackChain.RequestBodyCreator>
  let sendEnhancedClientAwareness: Bool

  func requestBodyJSON<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSON.Object {
    var body = creator.withValue {
      $0.jsonBody(for: operation, sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery)
    }
    if sendEnhancedClientAwareness {
      ClientLibraryExtension(name: ApolloCallbackChain.Constants.ApolloClientName,
                             version: ApolloCallbackChain.Constants.ApolloClientVersion).add(to: &body)
    }
    return body
  }
}
