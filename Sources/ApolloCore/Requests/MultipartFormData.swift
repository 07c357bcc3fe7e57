import Foundation

/// A `multipart/form-data` body built following the GraphQL multipart request spec.
public struct MultipartFormData: Sendable, Hashable {
  /// The boundary between parts.
  public let boundary: String
  private var parts: [Part] = []

  private struct Part: Sendable, Hashable {
    let name: String
    let fileName: String?
    let contentType: String?
    let data: Data
  }

  /// An empty form whose parts will be separated by `boundary`; the caller must also put it in the `Content-Type`.
  public init(boundary: String) {
    self.boundary = boundary
  }

  /// Appends a form field.
  public mutating func append(name: String, data: Data, fileName: String? = nil, contentType: String? = nil) {
    parts.append(Part(name: name, fileName: fileName, contentType: contentType, data: data))
  }

  /// The encoded body.
  public func encode() -> Data {
    var body = Data()
    for part in parts {
      body.append(contentsOf: Array("--\(boundary)\r\n".utf8))
      var disposition = "Content-Disposition: form-data; name=\"\(escape(part.name))\""
      if let fileName = part.fileName { disposition += "; filename=\"\(escape(fileName))\"" }
      body.append(contentsOf: Array("\(disposition)\r\n".utf8))
      if let contentType = part.contentType {
        body.append(contentsOf: Array("Content-Type: \(contentType)\r\n".utf8))
      }
      body.append(contentsOf: Array("\r\n".utf8))
      body.append(part.data)
      body.append(contentsOf: Array("\r\n".utf8))
    }
    body.append(contentsOf: Array("--\(boundary)--\r\n".utf8))
    return body
  }

  private func escape(_ value: String) -> String {
    value.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A new `apollo-ios.boundary.<UUID>` boundary, as upstream makes for every upload that names none.
  public static func randomUploadBoundary() -> String {
    "apollo-ios.boundary.\(UUID().uuidString)"
  }

  /// The `multipart/form-data` body of an upload: `operations`, `map`, then one part per file.
  ///
  /// In `operations`, each file variable is replaced by `null` (or by a list of `null`s for several
  /// files); the map sends a single file to `variables.<field>` and several to `variables.<field>.<i>`,
  /// fields in sorted name order.
  public static func upload(operationBody: JSON.Object, files: [GraphQLFile], boundary: String) throws -> MultipartFormData {
    var body = operationBody
    var variables = body["variables"]?.objectValue ?? [:]
    let byField = Dictionary(grouping: files, by: \.fieldName)
    var map: JSON.Object = [:]
    var orderedFiles: [GraphQLFile] = []
    for field in byField.keys.sorted() {
      guard let fieldFiles = byField[field] else { continue }
      let isList = fieldFiles.count > 1 || variables[field]?.arrayValue != nil
      if isList {
        variables[field] = .array(Array(repeating: .null, count: fieldFiles.count))
        for (index, file) in fieldFiles.enumerated() {
          map[String(orderedFiles.count)] = [.string("variables.\(field).\(index)")]
          orderedFiles.append(file)
        }
      } else if let file = fieldFiles.first {
        variables[field] = .null
        map[String(orderedFiles.count)] = [.string("variables.\(field)")]
        orderedFiles.append(file)
      }
    }
    body["variables"] = .object(variables)
    var form = MultipartFormData(boundary: boundary)
    form.append(name: "operations", data: JSONSerializer.serialize(body, sortedKeys: true))
    form.append(name: "map", data: JSONSerializer.serialize(map, sortedKeys: true))
    for (index, file) in orderedFiles.enumerated() {
      form.append(name: String(index), data: try file.contents(), fileName: file.originalName, contentType: file.mimeType)
    }
    return form
  }
}
