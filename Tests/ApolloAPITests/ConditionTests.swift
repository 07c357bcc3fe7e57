import Foundation
import XCTest

import ApolloAPI
@_spi(Execution) import GeneratedFixturesV2

/// `@include` / `@skip` conditions as generated code writes them, and how they evaluate.
final class ConditionTests: XCTestCase {
  private typealias Condition = Selection.Condition
  private typealias Conditions = Selection.Conditions

  // MARK: Literal forms

  func test_condition_string_literal_is_a_variable_that_must_be_true() {
    let condition: Condition = "includeShelves"
    XCTAssertEqual(condition, .variable(name: "includeShelves", inverted: false))
    XCTAssertEqual(Condition.if("includeShelves"), condition)
    XCTAssertEqual(Condition(variableName: "includeShelves", inverted: false), condition)
  }

  func test_condition_boolean_literal_is_a_constant() {
    let yes: Condition = true
    let no: Condition = false
    XCTAssertEqual(yes, .value(true))
    XCTAssertEqual(no, .value(false))
  }

  func test_condition_not_inverts_a_variable_and_negates_a_constant() {
    XCTAssertEqual(!"brief" as Condition, .variable(name: "brief", inverted: true))
    XCTAssertEqual(!(!"brief" as Condition), .variable(name: "brief", inverted: false))
    XCTAssertEqual(!(true as Condition), .value(false))
  }

  func test_condition_and_builds_one_group_or_builds_alternatives() {
    let group: [Condition] = "a" && !"b"
    XCTAssertEqual(group, [.variable(name: "a", inverted: false), .variable(name: "b", inverted: true)])
    let either: Conditions = ("a" && !"b") || "c"
    XCTAssertEqual(either.value, [group, [.variable(name: "c", inverted: false)]])
    let plain: Conditions = "a" || "c"
    XCTAssertEqual(plain.value, [["a"], ["c"]])
  }

  func test_include_builder_wraps_selections_in_a_conditional() {
    let field = Selection.field("name", String.self)
    XCTAssertEqual(Selection.include(if: "a", field), .conditional(Conditions("a"), [field]))
    XCTAssertEqual(Selection.include(if: !"a", [field]), .conditional(Conditions(!"a"), [field]))
    XCTAssertEqual(Selection.include(if: "a" && "b", field), .conditional(Conditions(["a", "b"]), [field]))
  }

  func test_generated_skip_renders_as_inverted_include() {
    typealias Item = ItemDetailsQuery.Data.Item
    XCTAssertTrue(Item.__selections.contains(
      .conditional(Conditions(.variable(name: "brief", inverted: true)), [.inlineFragment(Item.AsBorrowableIfNotBrief.self)])
    ))
  }

  // MARK: Evaluation

  func test_evaluate_variable_gives_its_value() {
    XCTAssertTrue(Condition("a").evaluate(with: ["a": true]))
    XCTAssertFalse(Condition("a").evaluate(with: ["a": false]))
  }

  func test_evaluate_inverted_variable_gives_the_negation() {
    XCTAssertFalse((!"a" as Condition).evaluate(with: ["a": true]))
    XCTAssertTrue((!"a" as Condition).evaluate(with: ["a": false]))
  }

  func test_evaluate_absent_variable_is_false_whether_or_not_inverted() {
    XCTAssertFalse(Condition("missing").evaluate(with: ["other": true]))
    XCTAssertFalse((!"missing" as Condition).evaluate(with: ["other": true]))
  }

  func test_evaluate_without_variables_is_false_whether_or_not_inverted() {
    XCTAssertFalse(Condition("a").evaluate(with: nil))
    XCTAssertFalse((!"a" as Condition).evaluate(with: nil))
  }

  func test_evaluate_constant_ignores_variables() {
    XCTAssertTrue((true as Condition).evaluate(with: nil))
    XCTAssertFalse((false as Condition).evaluate(with: ["a": true]))
  }

  func test_evaluate_graphql_nullable_bool_variable() {
    XCTAssertTrue(Condition("a").evaluate(with: ["a": GraphQLNullable<Bool>.some(true)]))
    XCTAssertFalse(Condition("a").evaluate(with: ["a": GraphQLNullable<Bool>.some(false)]))
    XCTAssertTrue((!"a" as Condition).evaluate(with: ["a": GraphQLNullable<Bool>.some(false)]))
    XCTAssertFalse(Condition("a").evaluate(with: ["a": GraphQLNullable<Bool>.none]))
    XCTAssertFalse(Condition("a").evaluate(with: ["a": GraphQLNullable<Bool>.null]))
  }

  // `.none`/`.null` count as false before the inversion (upstream's `unwrapped ?? false`): a `@skip(if: $flag)`
  // field with the flag left out is included, as the server includes it. Only an absent variable excludes both ways.
  func test_evaluate_graphql_nullable_none_or_null_isFalse_thenInverted() {
    XCTAssertTrue((!"a" as Condition).evaluate(with: ["a": GraphQLNullable<Bool>.none]))
    XCTAssertTrue((!"a" as Condition).evaluate(with: ["a": GraphQLNullable<Bool>.null]))
    XCTAssertFalse((!"a" as Condition).evaluate(with: [:]))
  }

  func test_conditions_hold_when_any_group_is_all_true() {
    let conditions: Conditions = ("a" && "b") || "c"
    XCTAssertTrue(conditions.evaluate(with: ["a": true, "b": true, "c": false]))
    XCTAssertFalse(conditions.evaluate(with: ["a": true, "b": false, "c": false]))
    XCTAssertTrue(conditions.evaluate(with: ["a": false, "b": false, "c": true]))
  }
}
