// @generated
// This file was automatically generated and should not be edited.

@_spi(Internal) import ApolloAPI

nonisolated public enum Episode: String, EnumType {
  case NEWHOPE
  case EMPIRE
  case JEDI
}
