import ApolloCore

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
            // Secrets as fingerprints (`Redaction`): different tokens still compare different.
            for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
              lines.append("\(at) · header \(name): \(Redaction.headerValue(value, name: name))")
            }
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
  /// The sentence names the aspect and where in the trace the facts part, then either the one value
  /// that differs (`wire, step 1 · request 2: header authorization differs: '<redacted 1a2b3c4d>' (0.x) vs
  /// '<redacted 5e6f7a8b>' (2.x)`: secrets appear as fingerprints, see `Redaction`) or both facts (`deliveries, step 1 · delivery 1: 2.x has 'failure noResults',
  /// 1.x has 'failure http(500)'`).
  ///
  /// - Parameters:
  ///   - names: what to call the two sides in the sentence, e.g. `("1.x", "1.x interceptors on 2.x")`.
  public func firstDifference(from other: ParityTrace, in aspects: [ParityAspect], names: (String, String)) -> String? {
    for aspect in aspects {
      let mine = lines(aspect)
      let theirs = other.lines(aspect)
      guard mine != theirs else { continue }
      for index in 0..<max(mine.count, theirs.count) {
        let left = index < mine.count ? mine[index] : nil
        let right = index < theirs.count ? theirs[index] : nil
        if left != right {
          return ParityFact.sentence(aspect: aspect, left, right, names: names)
        }
      }
    }
    return nil
  }
}

/// One line of a rendered aspect, split into where it is and what it says.
struct ParityFact {
  /// `step 1 · request 2`, or empty for store records.
  let location: String
  /// `header authorization: Bearer x`, `3 deliveries`, `record Droid:2001.name = "R2-D2"`.
  let fact: String

  init(_ line: String) {
    if let split = line.range(of: " · ", options: .backwards) {
      location = String(line[..<split.lowerBound])
      fact = String(line[split.upperBound...])
    } else {
      location = ""
      fact = line
    }
  }

  /// The fact's subject and value when it names one: `header authorization` / `Bearer x`,
  /// `record Droid:2001.name` / `"R2-D2"`; `nil` for facts without a named value.
  var keyed: (key: String, value: String)? {
    for separator in [": ", " = "] {
      if let range = fact.range(of: separator) {
        return (String(fact[..<range.lowerBound]), String(fact[range.upperBound...]))
      }
    }
    return nil
  }

  static func sentence(aspect: ParityAspect, _ left: String?, _ right: String?, names: (String, String)) -> String {
    let leftFact = left.map(ParityFact.init)
    let rightFact = right.map(ParityFact.init)
    let location = leftFact?.location ?? rightFact?.location ?? ""
    let place = location.isEmpty ? aspect.rawValue : "\(aspect.rawValue), \(location)"
    if let leftFact, let rightFact, leftFact.location == rightFact.location,
       let mine = leftFact.keyed, let theirs = rightFact.keyed, mine.key == theirs.key {
      return "\(place): \(mine.key) differs: '\(mine.value)' (\(names.0)) vs '\(theirs.value)' (\(names.1))"
    }
    let leftText = leftFact.map { location == $0.location ? $0.fact : "\($0.location) · \($0.fact)" } ?? "nothing more"
    let rightText = rightFact.map { location == $0.location ? $0.fact : "\($0.location) · \($0.fact)" } ?? "nothing more"
    return "\(place): \(names.0) has '\(leftText)', \(names.1) has '\(rightText)'"
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
