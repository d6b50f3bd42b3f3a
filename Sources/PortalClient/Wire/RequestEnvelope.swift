import DDM

/// The body of a POST to `/api/jsonws/invoke`: always a JSON array of commands, even for one call.
enum RequestEnvelope {
    static let contentType = "application/json; charset=utf-8"

    static func body(for calls: [ServiceCall]) throws(PortalError) -> [UInt8] {
        guard !calls.isEmpty else {
            throw PortalError(kind: .input, message: "nothing to send: the batch is empty")
        }
        if let upload = calls.first(where: { $0.fileParameter != nil }) {
            throw PortalError(
                kind: .input,
                message: "\(upload.path) carries a file: uploads are sent on their own with upload(_:progress:), never batched")
        }
        return Array(JSONValue.array(calls.map(\.command)).serialized().utf8)
    }
}
