import Foundation

/// A file sent with an upload operation.
public struct GraphQLFile: Sendable, Hashable {
  /// Why a file's contents could not be read.
  public enum GraphQLFileError: Error, Hashable, CustomStringConvertible, LocalizedError {
    /// Reading the file at this URL failed (missing, unreadable), when the upload body was built.
    case couldNotReadFile(URL)
    public var description: String {
      switch self {
      case .couldNotReadFile(let url): return "Could not read the file at \(url.path)"
      }
    }
    public var errorDescription: String? { description }
  }

  /// The operation variable that receives this file.
  public let fieldName: String
  /// The file name reported to the server.
  public let originalName: String
  /// The part's `Content-Type`.
  public let mimeType: String
  private let source: Source

  private enum Source: Sendable, Hashable {
    case data(Data)
    case file(URL)
  }

  /// The default MIME type for binary data.
  public static let octetStreamMimeType = "application/octet-stream"

  /// A file whose contents are in memory.
  public init(fieldName: String, originalName: String, mimeType: String = GraphQLFile.octetStreamMimeType, data: Data) {
    self.fieldName = fieldName
    self.originalName = originalName
    self.mimeType = mimeType
    self.source = .data(data)
  }

  /// A file read from disk each time a request is built, so a retry sends the whole file again
  /// (upstream re-sent an exhausted input stream).
  public init(fieldName: String, originalName: String, mimeType: String = GraphQLFile.octetStreamMimeType, fileURL: URL) {
    self.fieldName = fieldName
    self.originalName = originalName
    self.mimeType = mimeType
    self.source = .file(fileURL)
  }

  /// The file's bytes.
  public func contents() throws -> Data {
    switch source {
    case .data(let data): return data
    case .file(let url):
      do { return try Data(contentsOf: url) } catch { throw GraphQLFileError.couldNotReadFile(url) }
    }
  }
}
