import Foundation

/// The header with which a request passes a server's CSRF prevention (Apollo Server answers requests that
/// a browser could send without a preflight only when they carry a non-simple header). 2.x adds it to
/// GET requests; 0.x and 1.x never sent it, so their facades take it off again.
public enum CSRFPreventionHeader {
  /// `Apollo-Require-Preflight`
  public static let name = "Apollo-Require-Preflight"
}
