/// One way of running a scenario: whose hooks, behind whose call surface, on which engine.
///
/// The first three are the generations as they are; the others are what this package adds. Each
/// adapted stack must produce the trace of the native stack its hooks come from (``reference``).
public enum ParityStack: String, Sendable, CaseIterable, Codable {
  /// 0.x delegates on 0.x's `HTTPNetworkTransport`, called through the 0.x `ApolloClient`.
  case native0x = "0.x"
  /// 1.x interceptors on the 1.x request chain, called through the 1.x `ApolloClient`.
  case native1x = "1.x"
  /// 2.x interceptors on the 2.x request chain, called through the 2.x `ApolloClient`.
  case native2x = "2.x"
  /// 0.x delegates as 1.x interceptors, on the 1.x chain and client.
  case delegatesOn1x = "0.x delegates on 1.x"
  /// 0.x delegates as 2.x interceptors, on the 2.x chain and client.
  case delegatesOn2x = "0.x delegates on 2.x"
  /// 1.x interceptors adapted to the 2.x chain, called through the 2.x client.
  case interceptorsOn2x = "1.x interceptors on 2.x"
  /// The 0.x call surface (client and transport with its delegates) on the 2.x engine.
  case facade0xOn2x = "0.x facade on 2.x"
  /// The 1.x call surface (client and transport with a 1.x provider) on the 2.x engine.
  case facade1xOn2x = "1.x facade on 2.x"

  /// The generation whose hooks the stack runs.
  public var hooks: ParityGeneration {
    switch self {
    case .native0x, .delegatesOn1x, .delegatesOn2x, .facade0xOn2x: return .v0
    case .native1x, .interceptorsOn2x, .facade1xOn2x: return .v1
    case .native2x: return .v2
    }
  }

  /// The generation whose client the caller uses.
  public var callSurface: ParityGeneration {
    switch self {
    case .native0x, .facade0xOn2x: return .v0
    case .native1x, .delegatesOn1x, .facade1xOn2x: return .v1
    case .native2x, .delegatesOn2x, .interceptorsOn2x: return .v2
    }
  }

  /// The generation whose engine runs the request.
  public var engine: ParityGeneration {
    switch self {
    case .native0x: return .v0
    case .native1x, .delegatesOn1x: return .v1
    case .native2x, .delegatesOn2x, .interceptorsOn2x, .facade0xOn2x, .facade1xOn2x: return .v2
    }
  }

  /// The native stack whose trace this one must reproduce; `nil` for the native stacks themselves.
  public var reference: ParityStack? {
    switch self {
    case .native0x, .native1x, .native2x: return nil
    case .delegatesOn1x, .delegatesOn2x, .facade0xOn2x: return .native0x
    case .interceptorsOn2x, .facade1xOn2x: return .native1x
    }
  }

  /// The native stack of a generation.
  public static func native(_ generation: ParityGeneration) -> ParityStack {
    switch generation {
    case .v0: return .native0x
    case .v1: return .native1x
    case .v2: return .native2x
    }
  }

  /// The aspects an adapted stack must reproduce exactly. Every aspect, except the engine's own wire
  /// dialect when the stack's engine is not its hooks' generation and its call surface does not
  /// choose the dialect (the facades speak the old dialect; the adapters speak their engine's).
  public var comparedAspects: [ParityAspect] {
    switch self {
    case .facade0xOn2x, .facade1xOn2x: return ParityAspect.allCases
    default: return ParityAspect.allCases.filter { engine == hooks || $0 != .wireDialect }
    }
  }
}
