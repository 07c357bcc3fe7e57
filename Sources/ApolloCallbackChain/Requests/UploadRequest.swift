import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `multipart/form-data` upload following the GraphQL multipart request spec.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain's JSONRequest/UploadRequest/HTTPResponse; until then ApolloMigration.CallbackProviderOnAsyncChain hands 1.x interceptors this type on the 2.x chain")
#endif
open class UploadRequest<Operation: GraphQLOperation>: HTTPRequest<Operation> {
  /// Builds the `operations` part's members.
  public let requestBodyCreator: any RequestBodyCreator
  /// The files sent as parts after the `operations` and `map` parts.
  public let files: [GraphQLFile]
  /// The multipart boundary to use; `nil` picks a new random one per body.
  public let manualBoundary: String?
  /// Whether the `operations` part carries `extensions.clientLibrary`.
  public let sendEnhancedClientAwareness: Bool

  /// An upload of `operation` with `files`; its `Content-Type` is `multipart/form-data` with the boundary.
  public init(graphQLEndpoint: URL,
              operation: Operation,
              clientName: String,
              clientVersion: String,
              additionalHeaders: [String: String] = [:],
              files: [GraphQLFile],
              manualBoundary: String? = nil,
              context: (any RequestContext)? = nil,
              requestBodyCreator: any RequestBodyCreator = ApolloRequestBodyCreator(),
              sendEnhancedClientAwareness: Bool = true) {
    self.requestBodyCreator = requestBodyCreator
    self.files = files
    self.manualBoundary = manualBoundary
    self.sendEnhancedClientAwareness = sendEnhancedClientAwareness
    super.init(graphQLEndpoint: graphQLEndpoint, operation: operation, contextIdentifier: nil,
               contentType: "multipart/form-data", clientName: clientName, clientVersion: clientVersion,
               additionalHeaders: additionalHeaders, cachePolicy: .default, context: context)
  }

  public override func toURLRequest() throws -> URLRequest {
    let formData = try requestMultipartFormData()
    updateContentType(to: "multipart/form-data; boundary=\(formData.boundary)")
    var request = try super.toURLRequest()
    request.httpBody = formData.encode()
    request.httpMethod = "POST"
    return request
  }

  /// The form: `operations` (files replaced by `null`), `map`, then the files.
  open func requestMultipartFormData() throws -> MultipartFormData {
    if Operation.operationDocument.definition == nil {
      throw RequestBodyError.missingQueryDocument(operationName: Operation.operationName)
    }
    var body = requestBodyCreator.jsonBody(for: operation, sendQueryDocument: true, autoPersistQuery: false)
    // The files are named by variable paths in `map`: an upload without its variables cannot work.
    try RequestBodyBuilder.checkVariables(of: operation, in: body)
    if sendEnhancedClientAwareness {
      Constants.clientLibrary.add(to: &body)
    }
    let boundary = manualBoundary ?? MultipartFormData.randomUploadBoundary()
    return try MultipartFormData.upload(operationBody: body, files: files, boundary: boundary)
  }

  /// Equal when the ``HTTPRequest`` parts, the body creator's type, the files and the boundary are.
  public static func == (lhs: UploadRequest<Operation>, rhs: UploadRequest<Operation>) -> Bool {
    (lhs as HTTPRequest<Operation>) == (rhs as HTTPRequest<Operation>)
      && type(of: lhs.requestBodyCreator) == type(of: rhs.requestBodyCreator)
      && lhs.files == rhs.files && lhs.manualBoundary == rhs.manualBoundary
  }

  public override func hash(into hasher: inout Hasher) {
    super.hash(into: &hasher)
    hasher.combine(files)
    hasher.combine(manualBoundary)
  }
}
