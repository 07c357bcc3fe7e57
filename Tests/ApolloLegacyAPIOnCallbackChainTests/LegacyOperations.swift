import ApolloLegacyAPIOnCallbackChain
import Foundation

// `API.swift` operations as 0.34–0.53's code generator printed them: instance members, over the selection sets of
// LegacyStarWarsFixtures (shared with ApolloLegacyAPITests).

final class HeroAndFriendsNamesQuery: GraphQLQuery {
  let operationDefinition: String =
    "query HeroAndFriendsNames($episode: Episode) { hero(episode: $episode) { __typename name friends { __typename name } } }"
  let operationName: String = "HeroAndFriendsNames"
  var episode: Episode?

  init(episode: Episode? = nil) { self.episode = episode }

  var variables: GraphQLMap? { ["episode": episode] }

  typealias Data = HeroAndFriendsNamesData
}

final class CreateReviewMutation: GraphQLMutation {
  let operationDefinition: String = "mutation CreateReview($review: ReviewInput!) { reviews(input: $review, ids: [\"a\", \"b\"]) { stars } }"
  let operationName: String = "CreateReview"
  let review: ReviewInput

  init(review: ReviewInput) { self.review = review }

  var variables: GraphQLMap? { ["review": review] }

  typealias Data = ArgumentsData
}

/// A variable whose JSON form is itself, which no JSON can hold.
struct NotJSON: JSONEncodable {
  var jsonValue: JSONValue { self }
}

final class UnsendableVariableQuery: GraphQLQuery {
  let operationDefinition: String = "query Unsendable($value: String) { hero { __typename name friends { __typename name } } }"
  let operationName: String = "Unsendable"
  var variables: GraphQLMap? { ["value": NotJSON()] }
  typealias Data = HeroAndFriendsNamesData
}

/// `singleUpload(file: $file) { filename }`, as 0.x's code generator printed it (trimmed).
struct UploadData: GraphQLSelectionSet {
  static var selections: [any GraphQLSelection] {
    [GraphQLField("singleUpload", arguments: ["file": GraphQLVariable("file")], type: .nonNull(.object(SingleUpload.selections)))]
  }

  var resultMap: ResultMap
  init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }

  var singleUpload: SingleUpload? { (resultMap["singleUpload"] as? ResultMap).map(SingleUpload.init(unsafeResultMap:)) }

  struct SingleUpload: GraphQLSelectionSet {
    static var selections: [any GraphQLSelection] { [GraphQLField("filename", type: .nonNull(.scalar(String.self)))] }
    var resultMap: ResultMap
    init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }
    var filename: String? { resultMap["filename"] as? String }
  }
}

final class UploadFileMutation: GraphQLMutation {
  let operationDefinition: String = "mutation UploadFile($file: Upload!) { singleUpload(file: $file) { filename } }"
  let operationName: String = "UploadFile"
  var variables: GraphQLMap? { ["file": "a.txt"] }
  typealias Data = UploadData
}
