import ApolloCore

/// `mutation CreateReview($episode: Episode!, $review: ReviewInput!) { createReview(episode: $episode, review: $review) { stars commentary } }`
public struct CreateReviewMutation: GraphQLMutation {
  public static let operationName = "CreateReview"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "mutation CreateReview($episode: Episode!, $review: ReviewInput!) { createReview(episode: $episode, review: $review) { stars commentary } }"))

  public var episode: Episode
  public var review: ReviewInput

  public init(episode: Episode, review: ReviewInput) {
    self.episode = episode
    self.review = review
  }

  public var __variables: Variables? { ["episode": episode, "review": review] }

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let createReview: CreateReview?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      createReview = try _dataDict["createReview"]
    }

    public struct CreateReview: SelectionSet {
      public let __data: DataDict
      public let stars: Int
      public let commentary: String?

      public init(_dataDict: DataDict) throws {
        __data = _dataDict
        stars = try _dataDict["stars"]
        commentary = try _dataDict["commentary"]
      }
    }
  }
}

/// `subscription Countdown($from: Int!, $intervalMs: Int) { countdown(from: $from, intervalMs: $intervalMs) }`
public struct CountdownSubscription: GraphQLSubscription {
  public static let operationName = "Countdown"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "subscription Countdown($from: Int!, $intervalMs: Int) { countdown(from: $from, intervalMs: $intervalMs) }"))

  public var from: Int
  public var intervalMs: GraphQLNullable<Int>

  public init(from: Int, intervalMs: GraphQLNullable<Int> = nil) {
    self.from = from
    self.intervalMs = intervalMs
  }

  public var __variables: Variables? { ["from": from, "intervalMs": intervalMs] }

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let countdown: Int

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      countdown = try _dataDict["countdown"]
    }
  }
}

/// `mutation SingleUpload($file: Upload!) { singleUpload(file: $file) { filename mimetype size content } }`
public struct SingleUploadMutation: GraphQLMutation {
  public static let operationName = "SingleUpload"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "mutation SingleUpload($file: Upload!) { singleUpload(file: $file) { filename mimetype size content } }"))

  public init() {}

  public var __variables: Variables? { ["file": "a"] }

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let singleUpload: UploadedFile

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      singleUpload = try _dataDict["singleUpload"]
    }
  }
}

/// `mutation MultipleUpload($files: [Upload!]!) { multipleUpload(files: $files) { filename mimetype size content } }`
public struct MultipleUploadMutation: GraphQLMutation {
  public static let operationName = "MultipleUpload"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "mutation MultipleUpload($files: [Upload!]!) { multipleUpload(files: $files) { filename mimetype size content } }"))

  public init() {}

  public var __variables: Variables? { ["files": ["a", "b"]] }

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let multipleUpload: [UploadedFile]

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      multipleUpload = try _dataDict["multipleUpload"]
    }
  }
}

/// A file as the server saw it.
public struct UploadedFile: SelectionSet {
  public let __data: DataDict
  public let filename: String
  public let mimetype: String
  public let size: Int
  public let content: String

  public init(_dataDict: DataDict) throws {
    __data = _dataDict
    filename = try _dataDict["filename"]
    mimetype = try _dataDict["mimetype"]
    size = try _dataDict["size"]
    content = try _dataDict["content"]
  }
}

/// `subscription ReviewAdded { reviewAdded { stars commentary } }`
public struct ReviewAddedSubscription: GraphQLSubscription {
  public static let operationName = "ReviewAdded"
  public static let operationDocument = OperationDocument(definition: OperationDefinition(
    "subscription ReviewAdded { reviewAdded { stars commentary } }"))

  public init() {}

  public struct Data: RootSelectionSet {
    public let __data: DataDict
    public let reviewAdded: ReviewAdded?

    public init(_dataDict: DataDict) throws {
      __data = _dataDict
      reviewAdded = try _dataDict["reviewAdded"]
    }

    public struct ReviewAdded: SelectionSet {
      public let __data: DataDict
      public let stars: Int
      public let commentary: String?

      public init(_dataDict: DataDict) throws {
        __data = _dataDict
        stars = try _dataDict["stars"]
        commentary = try _dataDict["commentary"]
      }
    }
  }
}
