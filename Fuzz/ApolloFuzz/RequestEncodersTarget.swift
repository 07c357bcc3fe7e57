import ApolloCore
import Foundation

/// The GET-request encoder and the upload (multipart form) encoder with hostile variables: names and values
/// with quotes, CRLFs, `&`, `=`, `+`, `;`, `%`, `#`, non-ASCII and deep nesting.
///
/// Input: a JSON object of variables (anything else becomes the string value of one variable). The GET URL must
/// carry the variables so that a server reads back exactly the JSON that was encoded; the upload form must have
/// one part per file plus `operations` and `map`, with no header injected by a file or field name, and its
/// `operations` must read back as the body with each file variable set to `null`.
func fuzzRequestEncoders(_ data: Data) {
  let variables: JSON.Object
  if let object = try? JSONParser.parseObject(data) {
    variables = object
  } else {
    variables = ["input": .string(String(decoding: data, as: UTF8.self))]
  }
  let body: JSON.Object = [
    "operationName": "FuzzQuery", "query": "query FuzzQuery { hero { name } }", "variables": .object(variables),
  ]
  checkGET(body: body, variables: variables)
  checkUpload(body: body, variables: variables)
}

private func checkGET(body: JSON.Object, variables: JSON.Object) {
  guard let base = URL(string: "http://localhost:8080/graphql?existing=a%2Bb"),
    let url = GETRequestEncoder.url(for: body, baseURL: base)
  else { return }
  guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else {
    preconditionFailure("the GET URL has no query items: \(url)")
  }
  let values = Dictionary(items.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
  fuzzCheck(values["existing"] == "a+b", "the URL's own query item changed: \(url)")
  fuzzCheck(values["operationName"] == "FuzzQuery", "operationName did not survive: \(url)")
  guard let text = values["variables"] ?? nil, let reread = try? JSONParser.parse(Data(text.utf8)) else {
    preconditionFailure("the variables did not survive the URL: \(url)")
  }
  fuzzCheck(JSONSerializer.serialize(reread) == JSONSerializer.serialize(.object(variables)),
            "the variables changed in the URL: \(url)")
}

private func checkUpload(body: JSON.Object, variables: JSON.Object) {
  // Up to three files, on hostile field names taken from the variables, with hostile file names.
  let fields = variables.keys.sorted().prefix(3)
  let files = fields.map { field in
    GraphQLFile(fieldName: field, originalName: "\(field)\"\r\nX-Injected: 1\r\n.txt", mimeType: "text/plain",
                data: Data("contents".utf8))
  }
  let boundary = "fuzz-boundary"
  guard let form = try? MultipartFormData.upload(operationBody: body, files: files, boundary: boundary) else {
    preconditionFailure("in-memory files cannot fail to encode")
  }
  var splitter = MultipartChunkSplitter(boundary: boundary)
  let parts = (splitter.append(form.encode()) + splitter.finish()).map(MultipartPart.parse)
  fuzzCheck(parts.count == 2 + files.count, "\(files.count) files gave \(parts.count) parts")
  for part in parts {
    let names = Set(part.headers.keys)
    fuzzCheck(names.isSubset(of: ["content-disposition", "content-type"]), "a header was injected: \(names.sorted())")
  }
  guard let operations = try? JSONParser.parseObject(parts[0].body),
    case .object(let sentVariables)? = operations["variables"]
  else { preconditionFailure("the operations part is not the body") }
  for field in fields {
    switch sentVariables[field] {
    case .null?: continue
    case .array(let items)? where items.allSatisfy({ $0 == .null }): continue
    default: preconditionFailure("file variable \(field) was not replaced by null")
    }
  }
  fuzzCheck(JSONParser.isValidObject(parts[1].body), "the map part is not a JSON object")
}

extension JSONParser {
  fileprivate static func isValidObject(_ data: Data) -> Bool { (try? parseObject(data)) != nil }
}
