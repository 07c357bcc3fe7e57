import Foundation

extension GraphQLFile {
  /// 0.x: a fresh stream over the file's bytes, so it can be called once per attempt.
  ///
  /// The core file reads its contents on demand; the stream is built from them, so a file that can no
  /// longer be read throws the core's ``GraphQLFile/GraphQLFileError`` instead of a truncated part.
  public func generateInputStream() throws -> InputStream {
    InputStream(data: try contents())
  }
}
