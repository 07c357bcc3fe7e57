// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// One file in a GraphQL multipart request: an `Upload!` variable, the file as the server saw it.
nonisolated public struct SingleUploadMutation: GraphQLMutation {
  public static let operationName: String = "SingleUpload"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "4feb4b163fb8f37f69a92698eea854c09d38fe07dde0c79c1e93b2341937c427",
    definition: .init(
      #"mutation SingleUpload($file: Upload!) { singleUpload(file: $file) { filename mimetype size content } }"#
    ))

  public var file: Upload

  public init(file: Upload) {
    self.file = file
  }

  @_spi(Unsafe) public var __variables: Variables? { ["file": file] }

  nonisolated public struct Data: StarWarsAPI.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Mutation }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("singleUpload", SingleUpload.self, arguments: ["file": .variable("file")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      SingleUploadMutation.Data.self
    ] }

    public var singleUpload: SingleUpload { __data["singleUpload"] }

    public init(
      singleUpload: SingleUpload
    ) {
      self.init(unsafelyWithData: [
        "__typename": StarWarsAPI.Objects.Mutation.typename,
        "singleUpload": singleUpload._fieldData,
      ])
    }

    /// SingleUpload
    ///
    /// Parent Type: `File`
    nonisolated public struct SingleUpload: StarWarsAPI.SelectionSet {
      @_spi(Unsafe) public let __data: DataDict
      @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

      @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.File }
      @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
        .field("filename", String.self),
        .field("mimetype", String.self),
        .field("size", Int.self),
        .field("content", String.self),
      ] }
      @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
        SingleUploadMutation.Data.SingleUpload.self
      ] }

      public var filename: String { __data["filename"] }
      public var mimetype: String { __data["mimetype"] }
      public var size: Int { __data["size"] }
      public var content: String { __data["content"] }

      public init(
        filename: String,
        mimetype: String,
        size: Int,
        content: String
      ) {
        self.init(unsafelyWithData: [
          "__typename": StarWarsAPI.Objects.File.typename,
          "filename": filename,
          "mimetype": mimetype,
          "size": size,
          "content": content,
        ])
      }
    }
  }
}
