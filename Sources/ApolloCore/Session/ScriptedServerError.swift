/// Failures of the scripted server itself.
public enum ScriptedServerError: Error, Hashable, CustomStringConvertible {
  /// The server was built with a fixed list of responses and received more requests than that.
  case noMoreResponses
  public var description: String { "The scripted server has no response left for this request" }
}
