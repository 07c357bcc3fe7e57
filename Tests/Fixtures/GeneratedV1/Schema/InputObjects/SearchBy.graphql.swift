// @generated
// This file was automatically generated and should not be edited.

import ApolloAPI

public enum SearchBy: OneOfInputObject {
  case isbn(ISBN)
  case title(String)
  case author(String)
  case filter(CatalogFilter)

  public var __data: InputDict {
    switch self {
    case .isbn(let value):
      return InputDict(["isbn": value])
    case .title(let value):
      return InputDict(["title": value])
    case .author(let value):
      return InputDict(["author": value])
    case .filter(let value):
      return InputDict(["filter": value])
    }
  }
}
