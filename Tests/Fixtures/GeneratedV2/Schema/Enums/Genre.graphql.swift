// @generated
// This file was automatically generated and should not be edited.

@_spi(Internal) import ApolloAPI

nonisolated public enum Genre: String, EnumType {
  case fiction = "FICTION"
  case nonFiction = "NON_FICTION"
  case poetry = "POETRY"
  case reference = "REFERENCE"
}
