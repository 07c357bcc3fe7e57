import ApolloAsyncChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds 2.x request bodies the way 0.x's `ApolloRequestCreator` builds them: `operationName`,
/// `variables` (`null` when the operation has none), `id` when `sendOperationIdentifiers`, `query` and
/// `extensions.persistedQuery` as asked, and never 2.x's `extensions.clientLibrary`.
///
/// An operation without an identifier asked for `id` leaves the member out (0.x's native transport
/// ends that request with `RequestBodyError.missingOperationIdentifier` instead).
struct LegacyRequestBodyCreator: JSONRequestBodyCreator, CoreJSONBodyCreating {
  let sendOperationIdentifiers: Bool

  func requestBodyJSON<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSON.Object {
    ApolloRequestCreator().requestBody(for: operation, sendOperationIdentifiers: sendOperationIdentifiers,
                                       sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery)
  }
}

/// Makes the 2.x `URLRequest` look like 0.x's before any delegate sees it: drops the 2.x-only
/// `Apollo-Require-Preflight` header that `JSONRequest` adds to GET requests, and restores
/// `URLRequest`'s default cache policy (2.x derives one from the fetch behaviour).
///
/// It runs first in the facade's HTTP stage (``LegacyFacadeStage``).
enum LegacyWire {
  static func adjust(_ request: inout URLRequest) {
    // Only the changes it needs: the header is on GET requests only (the method is checked first: it
    // costs far less than a case-insensitive header lookup).
    if request.httpMethod == "GET", request.value(forHTTPHeaderField: CSRFPreventionHeader.name) != nil {
      request.setValue(nil, forHTTPHeaderField: CSRFPreventionHeader.name)
    }
    if request.cachePolicy != .useProtocolCachePolicy { request.cachePolicy = .useProtocolCachePolicy }
  }
}

/// The 0.x headers of one request: client awareness, `X-APOLLO-OPERATION-NAME` and, when the operation
/// has an identifier, `X-APOLLO-OPERATION-ID`.
enum LegacyHeaders {
  static func headers<Operation: GraphQLOperation>(for operation: Operation, clientName: String,
                                                   clientVersion: String) -> [String: String] {
    // Gathered straight into the dictionary; a later field replaces an earlier one of the same name.
    var headers = [String: String](minimumCapacity: 5)
    ClientAwareness.forEachField(clientName: clientName, clientVersion: clientVersion) { headers[$0] = $1 }
    OperationHeaders.forEachField(of: Operation.self, includingType: false) { headers[$0] = $1 }
    return headers
  }
}
