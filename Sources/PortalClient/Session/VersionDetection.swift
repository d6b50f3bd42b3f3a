import DDM
import Foundation
import NIOHTTP1

extension PortalSession {
    /// Most redirects followed by the version probe (it carries no credentials).
    static let maxProbeRedirects = 5

    /// Detects the portal version: `HEAD <server>` (no credentials, redirects followed) and the
    /// `Liferay-Portal` header's `Build NNNN`; failing that, `/portal/get-build-number`.
    public func detectVersion() async throws -> PortalVersion {
        do {
            if let build = try await buildNumberFromHeader() { return PortalVersion(buildNumber: build) }
        } catch let error as PortalError where error.isUnreachable {
            throw error  // the second way would wait for the same dead portal again
        } catch {}
        let result = try await invoke(PortalInfoCalls(version: .v7).getBuildNumber())
        guard let build = result.intValue, build > 0 else {
            throw PortalError(kind: .server, message: "the portal's build number is not a number")
        }
        return PortalVersion(buildNumber: build)
    }

    /// The build number announced by the `Liferay-Portal` header, or `nil` when absent.
    func buildNumberFromHeader() async throws -> Int? {
        var url = context.serverURL
        var headers = HTTPHeaders()
        headers.add(name: "User-Agent", value: options.userAgent)
        for _ in 0...Self.maxProbeRedirects {
            let answer = try await transport.send(method: .HEAD, url: url.absoluteString, headers: headers)
            if let header = answer.headers.first(name: "Liferay-Portal") {
                return Self.buildNumber(fromHeader: header)
            }
            guard (300..<400).contains(answer.status), let location = answer.headers.first(name: "location"),
                let next = URL(string: location, relativeTo: url)?.absoluteURL,
                next.scheme == "http" || next.scheme == "https"
            else { return nil }
            url = next
        }
        return nil
    }

    /// `"Liferay Portal Community Edition 7.0.10 GA1 (Wilberforce / Build 7010 / June 15, 2016)"` → 7010.
    static func buildNumber(fromHeader header: String) -> Int? {
        guard let range = header.range(of: "Build", options: .caseInsensitive) else { return nil }
        let digits = header[range.upperBound...].drop(while: { $0 == " " }).prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        return Int(digits)
    }
}
