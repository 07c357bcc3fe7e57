/// Renders trace aspects as lines of facts and finds the first difference between two traces.
extension ParityTrace {
  /// The aspect as lines of text, one fact per line, in a fixed order: what comparisons, declared
  /// differences and reports are made of.
  public func lines(_ aspect: ParityAspect) -> [String] {
    var lines: [String] = []
    if aspect == .store {
      for key in storeRecords.keys.sorted() {
        for (field, value) in (storeRecords[key] ?? [:]).sorted(by: { $0.key < $1.key }) {
          lines.append("record \(key).\(field) = \(value)")
        }
      }
      return lines
    }
    for (stepIndex, step) in steps.enumerated() {
      let prefix = "step \(stepIndex + 1)"
      switch aspect {
      case .deliveries:
        lines.append("\(prefix) · \(step.completions) deliveries")
        for (index, delivery) in step.deliveries.enumerated() {
          lines.append("\(prefix) · delivery \(index + 1) · \(delivery.summary)")
        }
      case .wire, .wireDialect:
        lines.append("\(prefix) · \(step.attempts) requests")
        for (index, request) in step.requests.enumerated() {
          let at = "\(prefix) · request \(index + 1)"
          if aspect == .wire {
            lines.append("\(at) · \(request.method) \(request.url)")
            for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { lines.append("\(at) · header \(name): \(value)") }
            lines.append("\(at) · body \(request.body)")
          } else {
            for (name, value) in request.engineHeaders.sorted(by: { $0.key < $1.key }) {
              lines.append("\(at) · header \(name): \(value)")
            }
            if !request.engineBody.isEmpty { lines.append("\(at) · body \(request.engineBody)") }
          }
        }
      case .hookCalls:
        for call in step.hookCalls { lines.append("\(prefix) · \(call)") }
      case .store:
        break
      }
    }
    return lines
  }

  /// The aspect as one string (its lines joined by newlines).
  public func render(_ aspect: ParityAspect) -> String {
    lines(aspect).joined(separator: "\n")
  }

  /// The first fact in `aspects` where this trace and `other` differ, in words; `nil` when they agree.
  ///
  /// - Parameters:
  ///   - names: what to call the two sides in the sentence, e.g. `("1.x", "1.x interceptors on 2.x")`.
  public func firstDifference(from other: ParityTrace, in aspects: [ParityAspect], names: (String, String)) -> String? {
    for aspect in aspects {
      let mine = lines(aspect)
      let theirs = other.lines(aspect)
      guard mine != theirs else { continue }
      for index in 0..<max(mine.count, theirs.count) {
        let left = index < mine.count ? mine[index] : "(nothing)"
        let right = index < theirs.count ? theirs[index] : "(nothing)"
        if left != right {
          return "\(aspect.rawValue): \(names.0) has '\(left)', \(names.1) has '\(right)'"
        }
      }
    }
    return nil
  }
}

extension ParityDelivery {
  /// One line: `result server data={…} errors=[…]` or `failure http(401)`.
  public var summary: String {
    switch self {
    case .result(let data, let errors, let source):
      return "result \(source) data=\(data ?? "null")" + (errors.map { " errors=\($0)" } ?? "")
    case .failure(let failure):
      return "failure \(failure)"
    }
  }
}
