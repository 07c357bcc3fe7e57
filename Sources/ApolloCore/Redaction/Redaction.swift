import Foundation

/// What this package prints in place of a secret: credentials in headers, tokens, WebSocket connection
/// payloads.
///
/// Every description, log line, parity trace, report and recorded file goes through it, so a token
/// never reaches a console, a CI log or a file that gets committed. A redacted value is a short
/// fingerprint (`<redacted 5f1c09a2>`, the first 4 bytes of its SHA-256): two different tokens still
/// print differently, so a parity comparison still tells "the retry sent the refreshed token" from "the
/// retry sent the old one" without showing either.
///
/// To see the values while debugging, opt in: set `APOLLO_REVEAL_SECRETS=1` in the environment (read
/// once, at first use), or set ``revealsSecrets`` to `true`.
public enum Redaction {
  /// Header names whose values are secrets (compared case-insensitively). Besides these, any header
  /// whose name contains `token`, `secret`, `password`, `api-key` or `apikey` is treated as one.
  public static let sensitiveHeaderNames: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token",
  ]

  private static let sensitiveNameParts = ["token", "secret", "password", "api-key", "apikey"]

  private static let reveal = Mutex(ProcessInfo.processInfo.environment["APOLLO_REVEAL_SECRETS"] == "1")

  /// Whether secrets are printed as they are. `false` unless `APOLLO_REVEAL_SECRETS=1` was set when the
  /// process started; meant for a debugging session, never for CI.
  public static var revealsSecrets: Bool {
    get { reveal.withLock { $0 } }
    set { reveal.withLock { $0 = newValue } }
  }

  /// Whether a header with this name carries a secret.
  public static func isSensitiveHeader(_ name: String) -> Bool {
    let lowered = name.lowercased()
    if sensitiveHeaderNames.contains(lowered) { return true }
    return sensitiveNameParts.contains { lowered.contains($0) }
  }

  /// `value` as it may be printed: its fingerprint, or itself when ``revealsSecrets`` is on.
  public static func secret(_ value: String) -> String {
    if revealsSecrets { return value }
    return "<redacted \(fingerprint(of: value))>"
  }

  /// A header's value as it may be printed: ``secret(_:)`` for a sensitive header, else the value.
  public static func headerValue(_ value: String, name: String) -> String {
    isSensitiveHeader(name) ? secret(value) : value
  }

  /// Headers as they may be printed (names unchanged).
  public static func headers(_ headers: [String: String]) -> [String: String] {
    var printable = headers
    for (name, value) in headers where isSensitiveHeader(name) { printable[name] = secret(value) }
    return printable
  }

  /// Eight hex digits of the value's SHA-256: enough to tell values apart, far too little to recover one.
  static func fingerprint(of value: String) -> String {
    String(SHA256.hexDigest(value).prefix(8))
  }
}
