import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A GraphQL request that sends files, encoded as `multipart/form-data`.
public struct UploadRequest<Operation: GraphQLOperation>: GraphQLRequest {
  public var graphQLEndpoint: URL
  public var operation: Operation
  public var additionalHeaders: [String: String] = [:]
  public var fetchBehavior: FetchBehavior
  public var writeResultsToCache: Bool
  public var requestTimeout: TimeInterval?
  /// Builds the `operations` part of the form (always with the query document).
  public let requestBodyCreator: any JSONRequestBodyCreator
  /// Sent as parts after `operations` and `map`, in this order.
  public let files: [GraphQLFile]
  /// Separates the form's parts; also named in the `Content-Type` header.
  public let multipartBoundary: String

  /// - Parameter multipartBoundary: defaults to `apollo-ios.boundary.<UUID>`.
  public init(
    operation: Operation, graphQLEndpoint: URL, files: [GraphQLFile], multipartBoundary: String? = nil,
    writeResultsToCache: Bool, requestBodyCreator: any JSONRequestBodyCreator = DefaultRequestBodyCreator()
  ) {
    self.operation = operation
    self.graphQLEndpoint = graphQLEndpoint
    self.files = files
    self.multipartBoundary = multipartBoundary ?? MultipartFormData.randomUploadBoundary()
    self.fetchBehavior = .NetworkOnly
    self.writeResultsToCache = writeResultsToCache
    self.requestBodyCreator = requestBodyCreator
    addHeader(name: "Content-Type", value: "multipart/form-data; boundary=\(self.multipartBoundary)")
  }

  /// The form: `operations`, `map`, then the files.
  public func requestMultipartFormData() throws -> MultipartFormData {
    let body = requestBodyCreator.jsonBody(for: operation, sendQueryDocument: true, autoPersistQuery: false)
    // The files are named by variable paths in `map`: an upload without its variables cannot work.
    try RequestBodyBuilder.checkVariables(of: operation, in: body)
    return try MultipartFormData.upload(operationBody: body, files: files, boundary: multipartBoundary)
  }

  public func toURLRequest() throws -> URLRequest {
    var request = createDefaultRequest()
    request.httpBody = try requestMultipartFormData().encode()
    return request
  }

  /// Equal when every request member, the files and the boundary are equal (the body creator is not compared).
  public static func == (lhs: UploadRequest, rhs: UploadRequest) -> Bool {
    lhs.hasSameRequestMembers(as: rhs) && lhs.files == rhs.files && lhs.multipartBoundary == rhs.multipartBoundary
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hashRequestMembers(into: &hasher)
    hasher.combine(files)
    hasher.combine(multipartBoundary)
  }
}
