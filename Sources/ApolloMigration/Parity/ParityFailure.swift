/// A failure as a category every generation shares, with the detail that identifies it.
public struct ParityFailure: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What kind of failure: `http`, `transport`, `invalidResponse`, `decoding`, `vetoed`, `retryLimit`,
  /// `cacheMiss`, `noResults`, `cancelled`, `hook`, `apq`, `timeout` (the step did not end within the
  /// runner's timeout), `other`.
  public var category: String
  /// The status code, URL error code, hook error or type that identifies it within its category.
  public var detail: String

  /// A failure summarized for comparison: `category` names the error's kind (`http`, `noResults`, …),
  /// `detail` what distinguishes it (a status code, a path).
  public init(category: String, detail: String) {
    self.category = category
    self.detail = detail
  }

  public var description: String { detail.isEmpty ? category : "\(category)(\(detail))" }
}
