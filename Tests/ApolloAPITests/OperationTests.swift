import Foundation
import XCTest

@_spi(Execution) import ApolloAPI
@_spi(Unsafe) import GeneratedFixturesV2
import GeneratedFixturesV1

/// Operation documents, identity by variables, and `@defer` metadata in both generations' shapes.
final class OperationTests: XCTestCase {
  private typealias ItemDetails = GeneratedFixturesV2.ItemDetailsQuery
  private typealias Catalog = GeneratedFixturesV2.CatalogQuery

  // MARK: Documents

  func test_query_document_appends_each_fragment_definition_on_its_own_line() {
    let expected = """
      query ItemDetails($id: ID!, $withAuthors: Boolean!, $brief: Boolean!) { item(id: $id) { __typename \
      ...CatalogItemSummary published ... on Book { pageCount tags authors @include(if: $withAuthors) { \
      __typename name ...AuthorDetails @skip(if: $brief) } } ... on Periodical { issueNumber } ... on Borrowable \
      @skip(if: $brief) { loanPeriodDays } } }
      fragment AuthorDetails on Author { __typename id name born }
      fragment CatalogItemSummary on CatalogItem { __typename id title genre ... on Book { isbn } }
      """
    XCTAssertEqual(ItemDetails.definition?.queryDocument, expected)
    XCTAssertEqual(GeneratedFixturesV1.ItemDetailsQuery.definition?.queryDocument, expected)
  }

  func test_query_document_without_fragments_is_the_operation_text() {
    let document = GeneratedFixturesV2.BorrowItemMutation.operationDocument
    XCTAssertEqual(document.definition?.queryDocument, document.definition?.operationDefinition)
    XCTAssertNil(GeneratedFixturesV2.BorrowItemMutation.operationIdentifier)
  }

  func test_operation_names_and_types() {
    XCTAssertEqual(ItemDetails.operationName, "ItemDetails")
    XCTAssertEqual(ItemDetails.operationType, .query)
    XCTAssertEqual(GeneratedFixturesV2.BorrowItemMutation.operationType, .mutation)
    XCTAssertEqual(GeneratedFixturesV2.LoanDueSubscription.operationType, .subscription)
    XCTAssertEqual(GeneratedFixturesV1.LoanDueSubscription.operationType, .subscription)
    XCTAssertEqual(GeneratedFixturesV2.MemberLoansLocalCacheMutation.operationType, .query)
  }

  // MARK: Identity

  func test_operations_with_equal_variables_are_equal_and_hash_equally() {
    let lhs = ItemDetails(id: "1", withAuthors: true, brief: false)
    let rhs = ItemDetails(id: "1", withAuthors: true, brief: false)
    XCTAssertEqual(lhs, rhs)
    XCTAssertEqual(lhs.hashValue, rhs.hashValue)
    let v1 = GeneratedFixturesV1.ItemDetailsQuery(id: "1", withAuthors: true, brief: false)
    XCTAssertEqual(v1, GeneratedFixturesV1.ItemDetailsQuery(id: "1", withAuthors: true, brief: false))
    XCTAssertEqual(v1.hashValue, GeneratedFixturesV1.ItemDetailsQuery(id: "1", withAuthors: true, brief: false).hashValue)
  }

  func test_operations_with_different_variables_differ() {
    XCTAssertNotEqual(ItemDetails(id: "1", withAuthors: true, brief: false), ItemDetails(id: "2", withAuthors: true, brief: false))
    XCTAssertNotEqual(
      GeneratedFixturesV1.ItemDetailsQuery(id: "1", withAuthors: true, brief: false),
      GeneratedFixturesV1.ItemDetailsQuery(id: "1", withAuthors: false, brief: false)
    )
  }

  func test_absent_and_null_nullable_variables_make_different_operations() {
    XCTAssertNotEqual(Catalog(filter: .none, includeShelves: true), Catalog(filter: .null, includeShelves: true))
    XCTAssertEqual(Catalog(filter: nil, includeShelves: true), Catalog(filter: .none, first: 20, includeShelves: true))
  }

  func test_input_object_variables_take_part_in_equality() {
    let lhs = Catalog(filter: .init(CatalogFilter(titleContains: "Dune")), includeShelves: false)
    XCTAssertEqual(lhs, Catalog(filter: .init(CatalogFilter(titleContains: "Dune")), includeShelves: false))
    XCTAssertNotEqual(lhs, Catalog(filter: .init(CatalogFilter(titleContains: "Emma")), includeShelves: false))
  }

  func test_variables_json_leaves_out_none_and_sends_null() throws {
    let absent = try XCTUnwrap(Catalog(filter: .none, includeShelves: true).__variables?._jsonEncodableObject)
    XCTAssertEqual(Set(absent.keys), ["first", "includeShelves"])
    XCTAssertEqual(absent["first"] as? Int32, 20)
    XCTAssertEqual(absent["includeShelves"] as? Bool, true)
    let null = try XCTUnwrap(Catalog(filter: .null, first: .null, includeShelves: true).__variables?._jsonEncodableObject)
    XCTAssertTrue(null["filter"] is NSNull, "\(String(describing: null["filter"]))")
    XCTAssertTrue(null["first"] is NSNull)
  }

  /// A 1.x custom body creator puts the variables into the body as upstream's default one did.
  func test_variables_go_into_a_request_body_as_a_custom_body_creator_writes_them() throws {
    var body: JSONEncodableDictionary = ["operationName": Catalog.operationName]
    if let variables = Catalog(filter: .null, includeShelves: true).__variables {
      body["variables"] = variables._jsonEncodableObject
    }
    let variables = try XCTUnwrap(body._jsonObject["variables"] as? JSONObjectValue)
    XCTAssertEqual(Set(variables.fields.keys), ["filter", "first", "includeShelves"])
    XCTAssertEqual(variables.fields["first"] as? Int32, 20)
    XCTAssertTrue(variables.fields["filter"] is NSNull)
  }

  func test_local_cache_mutations_compare_by_variables() {
    typealias Mutation = GeneratedFixturesV2.MemberLoansLocalCacheMutation
    XCTAssertEqual(Mutation(branch: "main", cardNumber: "42"), Mutation(branch: "main", cardNumber: "42"))
    XCTAssertNotEqual(Mutation(branch: "main", cardNumber: "42"), Mutation(branch: "east", cardNumber: "42"))
    XCTAssertEqual(
      Mutation(branch: "main", cardNumber: "42").hashValue, Mutation(branch: "main", cardNumber: "42").hashValue
    )
  }

  // MARK: @defer metadata

  func test_v2_defer_operation_declares_incremental_response_format() {
    let fragments = Catalog.responseFormat.deferredFragments
    XCTAssertEqual(fragments.count, 1)
    let type = fragments[DeferredFragmentIdentifier(label: "extra", fieldPath: ["catalog"])]
    XCTAssertTrue(type == Catalog.Data.Catalog.Extra.self)
    XCTAssertTrue(Catalog.hasDeferredFragments)
  }

  func test_v1_defer_operation_declares_deferred_fragments_table() {
    typealias V1Catalog = GeneratedFixturesV1.CatalogQuery
    XCTAssertTrue(V1Catalog.hasDeferredFragments)
    let type = V1Catalog.deferredSelectionSetType(withLabel: "extra", atFieldPath: ["catalog"])
    XCTAssertTrue(type == V1Catalog.Data.Catalog.Extra.self)
    XCTAssertNil(V1Catalog.deferredSelectionSetType(withLabel: "extra", atFieldPath: ["newest"]))
  }

  func test_both_generations_expose_the_same_deferred_fragment_lookup() {
    let v2 = Catalog.deferredSelectionSetType(withLabel: "extra", atFieldPath: ["catalog"])
    XCTAssertTrue(v2 == Catalog.Data.Catalog.Extra.self)
    let v1 = GeneratedFixturesV1.CatalogQuery.deferredSelectionSetType(withLabel: "extra", atFieldPath: ["catalog"])
    XCTAssertTrue(v1 == GeneratedFixturesV1.CatalogQuery.Data.Catalog.Extra.self)
    XCTAssertEqual(Catalog.deferredFragments?.keys.first, GeneratedFixturesV1.CatalogQuery.deferredFragments?.keys.first)
  }

  func test_operations_without_defer_have_a_single_response_and_no_deferred_fragments() {
    XCTAssertTrue(type(of: ItemDetails.responseFormat) == SingleResponseFormat.self)
    XCTAssertFalse(ItemDetails.hasDeferredFragments)
    XCTAssertFalse(GeneratedFixturesV1.ItemDetailsQuery.hasDeferredFragments)
    XCTAssertNil(GeneratedFixturesV1.SearchQuery.deferredFragments)
  }

  func test_subscriptions_have_subscription_response_format() {
    XCTAssertTrue(type(of: GeneratedFixturesV2.LoanDueSubscription.responseFormat) == SubscriptionResponseFormat.self)
    XCTAssertTrue(type(of: GeneratedFixturesV1.LoanDueSubscription.responseFormat) == SubscriptionResponseFormat.self)
  }
}
