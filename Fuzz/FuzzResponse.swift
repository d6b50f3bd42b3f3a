// libFuzzer target: the portal client's response decoder (status, body → JSON or a classified
// PortalError). Compiled by scripts/fuzz together with PortalClient/Wire/ResponseParser.swift and
// PortalClient/Errors. Input: byte 0 picks the HTTP status, the rest is the body.
import DDM

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponse(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count >= 1 else { return 0 }
    let statuses = [200, 200, 200, 401, 403, 404, 413, 500, 502, 302, 204]
    let status = statuses[Int(data[0]) % statuses.count]
    let body = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
    do {
        let json = try ResponseParser.parse(status: status, location: status == 302 ? "/c/portal/login" : nil, body: body)
        _ = json.serialized()
    } catch {
        _ = error.kind
        _ = error.message
    }
    return 0
}
