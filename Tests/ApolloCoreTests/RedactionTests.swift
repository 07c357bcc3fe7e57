import Foundation
import XCTest

@testable import ApolloCore

/// Secrets are printed as fingerprints unless the process opts in.
final class RedactionTests: XCTestCase {
  func test_credentialHeaders_areSensitive_whateverTheirCase_andOrdinaryHeadersAreNot() {
    for name in ["Authorization", "proxy-authorization", "Cookie", "SET-COOKIE", "X-Api-Key", "X-Auth-Token",
                 "X-CSRF-Token", "x-client-secret", "X-Password", "X-Shopify-Apikey"] {
      XCTAssertTrue(Redaction.isSensitiveHeader(name), name)
    }
    for name in ["Content-Type", "X-APOLLO-OPERATION-NAME", "apollographql-client-name", "Accept", "X-Request-ID"] {
      XCTAssertFalse(Redaction.isSensitiveHeader(name), name)
    }
  }

  func test_aSecret_isAStableFingerprint_differentForDifferentValues_andNeverTheValue() {
    let old = Redaction.secret("Bearer old-token")
    XCTAssertEqual(old, Redaction.secret("Bearer old-token"))
    XCTAssertNotEqual(old, Redaction.secret("Bearer new-token"))
    XCTAssertFalse(old.contains("old-token"))
    XCTAssertEqual(old, "<redacted \(SHA256.hexDigest("Bearer old-token").prefix(8))>")
  }

  func test_headers_redactOnlyTheSensitiveValues() {
    let printable = Redaction.headers(["Authorization": "Bearer abc", "Cookie": "session=xyz", "Accept": "application/json"])
    XCTAssertEqual(printable["Accept"], "application/json")
    XCTAssertEqual(printable["Authorization"], Redaction.secret("Bearer abc"))
    XCTAssertEqual(printable["Cookie"], Redaction.secret("session=xyz"))
    XCTAssertFalse("\(printable)".contains("abc") || "\(printable)".contains("xyz"))
  }

  func test_optingIn_showsTheValues_andOptingOutHidesThemAgain() {
    XCTAssertFalse(Redaction.revealsSecrets, "off by default (APOLLO_REVEAL_SECRETS is not set in CI)")
    Redaction.revealsSecrets = true
    defer { Redaction.revealsSecrets = false }
    XCTAssertEqual(Redaction.secret("Bearer abc"), "Bearer abc")
    XCTAssertEqual(Redaction.headerValue("Bearer abc", name: "Authorization"), "Bearer abc")
    Redaction.revealsSecrets = false
    XCTAssertNotEqual(Redaction.secret("Bearer abc"), "Bearer abc")
  }
}
