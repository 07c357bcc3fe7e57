// Generated once by codegen as `public typealias CalendarDate = String`; the app replaced it with a
// type that checks the YYYY-MM-DD form, as apps edit custom scalar files.

@_spi(Internal) @_spi(Execution) import ApolloAPI

public struct CalendarDate: CustomScalarType, Hashable {
  public let year: Int
  public let month: Int
  public let day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  public init(_jsonValue value: JSONValue) throws {
    guard let text = value as? String else {
      throw JSONDecodingError.couldNotConvert(value: value, to: String.self)
    }
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else {
      throw JSONDecodingError.couldNotConvert(value: value, to: CalendarDate.self)
    }
    self.init(year: parts[0], month: parts[1], day: parts[2])
  }

  public var _jsonValue: JSONValue {
    let pad = { (number: Int, width: Int) -> String in
      let digits = String(number)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }
}
