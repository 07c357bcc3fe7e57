// @generated
// This file was automatically generated and should not be edited.

@_exported import ApolloAPI
@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// Several files in one GraphQL multipart request: an `[Upload!]!` variable, each file as the server saw it.
nonisolated public struct MultipleUploadMutation: GraphQLMutation {
  public static let operationName: String = "MultipleUpload"
  public static let operationDocument: ApolloAPI.OperationDocument = .init(
    operationIdentifier: "471f113feb7b926a060526f964517ae63f718bbfd32d184fb7e5fd46ebca9565",
    definition: .init(
      #"mutation MultipleUpload($files: [Upload!]!) { multipleUpload(files: $files) { filename mimetype size content } }"#
    ))

  public var files: [Upload]

  public init(files: [Upload]) {
    self.files = files
  }

  @_spi(Unsafe) public var __variables: Variables? { ["files": files] }

  nonisolated public struct Data: StarWarsAPI.SelectionSet {
    @_spi(Unsafe) public let __data: DataDict
    @_spi(Unsafe) public init(_dataDict: DataDict) { __data = _dataDict }

    @_spi(Execution) public static var __parentType: any ApolloAPI.ParentType { StarWarsAPI.Objects.Mutation }
    @_spi(Execution) public static var __selections: [ApolloAPI.Selection] { [
      .field("multipleUpload", [MultipleUpload].self, arguments: ["files": .variable("files")]),
    ] }
    @_spi(Execution) public static var __fulfilledFragments: [any ApolloAPI.SelectionSet.Type] { [
      MultipleUploadMutation.Data.self
    ] }

    public var multipleUpload: [MultipleUpload] { __data["multipleUpload"] }

    public init(
      multipleUpload: [MultipleUpload]
    ) {
      self.init(unsafelyWithData: [
        "__typename": StarWarsAPI.Objects.Mutation.typename,
        "multipleUpload": multipleUpload._fieldData,
      ])
    }

    /// MultipleUpload
    ///
    /// Parent Type: `File`
    nonisolated public struct MultipleUpload: StarWarsAPI.SelectionSet {
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
        MultipleUploadMutation.Data.MultipleUpload.self
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
