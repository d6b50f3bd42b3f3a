import DDM
import Foundation

/// A local file to send as the file part of a multipart upload.
public struct FileUpload: Sendable, Hashable {
    /// The file on disk; it is streamed, never read whole into memory.
    public var fileURL: URL
    /// The file name announced in the part (`filename="…"`).
    public var fileName: String
    /// The part's content type, e.g. `image/png`.
    public var mimeType: String

    public init(fileURL: URL, fileName: String? = nil, mimeType: String = "application/octet-stream") {
        self.fileURL = fileURL
        self.fileName = fileName ?? fileURL.lastPathComponent
        self.mimeType = mimeType
    }
}

/// One JSON web-service command: a method path such as `/ddl.ddlrecord/add-record` and its
/// parameters, in the method's order.
///
/// Build calls with the typed builders (``ServiceCalls``), then send several as one batch or one
/// alone with `PortalSession.invoke(_:)`; a call with a file goes with `PortalSession.upload(_:progress:)`.
public struct ServiceCall: Sendable, Hashable, CustomStringConvertible {
    /// A parameter's value before encoding.
    public enum Value: Sendable, Hashable {
        /// A plain JSON value; `.null` for an absent value.
        case json(JSONValue)
        /// An object parameter; `nil` is left out when `defaultClass` is a ServiceContext, sent as `null` otherwise.
        case object(ObjectParameter?, defaultClass: String)
        /// The file of a multipart upload.
        case file(FileUpload)
    }

    public struct Parameter: Sendable, Hashable {
        public var name: String
        public var value: Value
        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// The method path, e.g. `/user/get-user-by-id`.
    public let path: String
    /// The parameters, in the method's order.
    public private(set) var parameters: [Parameter]

    public init(path: String, parameters: [Parameter] = []) {
        self.path = path
        self.parameters = parameters
    }

    /// Appends a plain parameter.
    public mutating func append(_ name: String, _ value: JSONValue) {
        parameters.append(Parameter(name, .json(value)))
    }

    /// Appends an object parameter.
    public mutating func append(_ name: String, object: ObjectParameter?, defaultClass: String) {
        parameters.append(Parameter(name, .object(object, defaultClass: defaultClass)))
    }

    /// Appends the file of an upload.
    public mutating func append(_ name: String, file: FileUpload) {
        parameters.append(Parameter(name, .file(file)))
    }

    /// The flat key/value pairs sent on the wire, in order: wrappers flattened to `+name` and
    /// `name.field`, a `nil` ServiceContext left out, any other `nil` wrapper as `name: null`.
    /// File parameters are not included (see ``fileParameter``).
    public var encodedParameters: [(name: String, value: JSONValue)] {
        var out: [(name: String, value: JSONValue)] = []
        for parameter in parameters {
            switch parameter.value {
            case .json(let value):
                out.append((parameter.name, value))
            case .object(nil, let defaultClass):
                if !ServiceContext.classNames.contains(defaultClass) { out.append((parameter.name, .null)) }
            case .object(let object?, let defaultClass):
                out.append(("+" + parameter.name, .string(object.className ?? defaultClass)))
                for field in object.fields { out.append((parameter.name + "." + field.name, field.value)) }
            case .file:
                continue
            }
        }
        return out
    }

    /// The file parameter of an upload call, if any.
    public var fileParameter: (name: String, file: FileUpload)? {
        for parameter in parameters {
            if case .file(let file) = parameter.value { return (parameter.name, file) }
        }
        return nil
    }

    /// The command object sent to `/invoke`: `{"<path>": {…parameters…}}`.
    public var command: JSONValue {
        var members: [String: JSONValue] = [:]
        for (name, value) in encodedParameters { members[name] = value }
        return .object([path: .object(members)])
    }

    public var description: String { "ServiceCall(\(path))" }
}
