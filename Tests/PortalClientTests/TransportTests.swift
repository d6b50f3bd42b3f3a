import DDM
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import PortalClient

@Suite("Transport over loopback")
struct TransportTests {
    @Test func invokeSendsTheExactRequest() async throws {
        try await withServer({ _ in .json(#"[{"userId":"20139","companyId":"20099","screenName":"test","emailAddress":"test@liferay.com","firstName":"Test","lastName":"Test"}]"#) }) { session, server in
            let result = try await session.invoke(ServiceCalls(version: .v7).users.getUserById(userId: 20139))
            #expect(result["userId"]?.int64Value == 20139)
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.uri == "/api/jsonws/invoke")
            #expect(request.header("Content-Type") == "application/json; charset=utf-8")
            #expect(request.header("Authorization") == "Basic " + Data("test@liferay.com:s3cr3t-pw".utf8).base64EncodedString())
            #expect(try JSONValue.parse(bytes: request.body) == [["/user/get-user-by-id": ["userId": 20139]]])
        }
    }

    @Test func contextPathIsKept() async throws {
        let server = try await TestServer.start { _ in .json("[5]") }
        let session = try PortalSession(
            context: ServerContext(serverURL: server.baseURL.appendingPathComponent("portal"), version: .v7), credentials: nil)
        let value = try await session.invoke(ServiceCall(path: "/portal/get-build-number"))
        #expect(value == 5)
        #expect(server.requests.first?.uri == "/portal/api/jsonws/invoke")
        #expect(server.requests.first?.header("Authorization") == nil)
        try await session.shutdown()
        try await server.stop()
    }

    @Test func batchResultsArePositional() async throws {
        try await withServer({ _ in .json(#"[[{"modelValues":{"Title":"a"},"modelAttributes":{"recordId":"1"}}], 10000]"#) }) { session, server in
            let page = try await session.records(recordSetId: 40002, start: 0, end: 50)
            #expect(page.records.count == 1)
            #expect(page.records[0].recordId == 1)
            #expect(page.records[0].values["Title"] == "a")
            #expect(page.count == 10000)
            let body = try JSONValue.parse(bytes: try #require(server.requests.first).body)
            #expect(body.arrayValue?.count == 2)
        }
    }

    @Test func batchWithWrongResultCountIsAServerError() async throws {
        try await withServer({ _ in .json("[1]") }) { session, _ in
            let e = await expectPortalError {
                _ = try await session.invoke([ServiceCall(path: "/a/b"), ServiceCall(path: "/a/c")])
            }
            #expect(e?.kind == .server)
        }
    }

    @Test func status401IsAuthentication() async throws {
        try await withServer({ _ in .text("Unauthorized", status: 401, headers: [("WWW-Authenticate", "Basic realm=\"PortalRealm\"")]) }) { session, _ in
            let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/group/get-user-sites-groups")) }
            #expect(e?.kind == .authentication)
            #expect(e?.httpStatus == 401)
        }
    }

    @Test func redirectsAreNotFollowed() async throws {
        try await withServer({ request in
            request.uri == "/elsewhere" ? .json("[1]") : .text("", status: 302, headers: [("Location", "/elsewhere")])
        }) { session, server in
            let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/a/b")) }
            #expect(e?.kind == .server)
            #expect(e?.message.contains("redirect") == true)
            #expect(server.requests.count == 1)
        }
    }

    @Test func nonJSONBodyIsAServerError() async throws {
        try await withServer({ _ in .text("<html>maintenance</html>", status: 200) }) { session, _ in
            let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/a/b")) }
            #expect(e?.kind == .server)
        }
    }

    @Test func errorShapesThroughTheWire() async throws {
        try await withServer({ _ in .json(#"{"exception":"x","error":{"message":"Access denied","type":"com.liferay.portal.kernel.security.auth.PrincipalException"}}"#, status: 403) }) { session, _ in
            let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/a/b")) }
            #expect(e?.kind == .permission)
            #expect(e?.message == "Access denied")
        }
    }

    @Test func slowServerTimesOut() async throws {
        let options = PortalSession.Options(timeout: .milliseconds(300), requestDeadline: .seconds(2))
        try await withServer(options: options, { _ in .hang }) { session, _ in
            let clock = ContinuousClock()
            let started = clock.now
            let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/a/b")) }
            #expect(e?.kind == .network)
            // The deadline is 2 s; the bound only proves the call does not hang (a busy CI machine is slow).
            #expect(clock.now - started < .seconds(30))
        }
    }

    @Test func droppedConnectionIsNetwork() async throws {
        try await withServer({ _ in .close }) { session, _ in
            let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/a/b")) }
            #expect(e?.kind == .network)
        }
    }

    @Test func truncatedBodyIsNetwork() async throws {
        try await withServer({ _ in .truncated(declaredLength: 1000, body: Array(#"[{"userId":"#.utf8)) }) { session, _ in
            let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/a/b")) }
            #expect(e?.kind == .network)
            #expect(e?.message.contains("closed before") == true)
        }
    }

    @Test func connectionRefusedIsNetwork() async throws {
        // Bind a server, note its port, stop it: nothing listens there any more.
        let server = try await TestServer.start { _ in .hang }
        let url = server.baseURL
        try await server.stop()
        let session = try PortalSession(context: ServerContext(serverURL: url, version: .v7), credentials: nil, options: .init(timeout: .seconds(2)))
        let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/a/b")) }
        #expect(e?.kind == .network)
        try await session.shutdown()
    }

    @Test func oversizedAnswerIsRefused() async throws {
        var options = PortalSession.Options()
        options.maxResponseBytes = 1024
        let big = "[\"" + String(repeating: "x", count: 4096) + "\"]"
        try await withServer(options: options, { _ in .json(big) }) { session, _ in
            let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/a/b")) }
            #expect(e?.kind == .server)
            #expect(e?.message.contains("larger") == true)
        }
    }

    @Test func oversizedAnswerWithoutALengthIsRefusedAsItComes() async throws {
        var options = PortalSession.Options()
        options.maxResponseBytes = 1024
        let big = Array(("[\"" + String(repeating: "x", count: 4096) + "\"]").utf8)
        try await withServer(options: options, { _ in .chunked(body: big, chunkSize: 300) }) { session, _ in
            let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/a/b")) }
            #expect(e?.kind == .server)
            #expect(e?.message.contains("larger") == true)
        }
    }

    @Test func answerInChunksIsReadWhole() async throws {
        let rows = "[" + (0..<200).map { "{\"recordId\":\($0),\"title\":\"Row \($0)\"}" }.joined(separator: ",") + "]"
        // The batch's answer: one result, the rows.
        try await withServer({ _ in .chunked(body: Array(("[" + rows + "]").utf8), chunkSize: 777) }) { session, _ in
            let answer = try await session.invoke(ServiceCall(path: "/a/b"))
            #expect(answer.arrayValue?.count == 200)
            #expect(answer.arrayValue?.last?["title"]?.stringValue == "Row 199")
        }
    }

    @Test func errorMessagesNeverContainThePassword() async throws {
        try await withServer({ _ in .json(#"{"exception":"com.example.AuthException","message":"Wrong password s3cr3t-pw for test"}"#) }) { session, _ in
            let e = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/a/b")) }
            #expect(e != nil)
            #expect(!(e?.message.contains("s3cr3t-pw") ?? true))
            #expect(!String(describing: e as Any).contains("s3cr3t-pw"))
        }
    }

    @Test func recordSetsNeedTheCompany() async throws {
        try await withServer(companyId: 0, { _ in .json("[[], 0]") }) { session, server in
            let e = await expectPortalError { _ = try await session.recordSets() }
            #expect(e?.kind == .input)
            #expect(server.requests.isEmpty)
        }
    }

    @Test func insecureRequestIsRefusedBeforeSending() async throws {
        // Even if the context is changed after creation, nothing leaves in clear text.
        let session = try PortalSession(
            context: ServerContext(serverURL: URL(string: "https://portal.example.com")!, version: .v7),
            credentials: Credentials(username: "a", password: "b"))
        let e = await expectPortalError { _ = try await session.download(URL(string: "http://portal.example.com/documents/1/2/x/y")!) }
        #expect(e?.kind == .input)
        try await session.shutdown()
    }
}

@Suite("Version detection and login over loopback")
struct SessionFlowTests {
    @Test func versionFromHeader() async throws {
        try await withServer(version: nil, { request in
            request.method == "HEAD"
                ? .respond(status: 200, headers: [("Liferay-Portal", "Liferay Portal Community Edition 6.2 CE GA6 (Newton / Build 6205 / January 6, 2016)")], body: [])
                : .json("[1]")
        }) { session, server in
            #expect(try await session.version() == .v62)
            #expect(session.context.version == .v62)
            #expect(server.requests.count == 1)
            #expect(server.requests[0].header("Authorization") == nil)
            // Remembered: no second probe.
            _ = try await session.version()
            #expect(server.requests.count == 1)
        }
    }

    @Test func versionFollowsRedirectsThenFallsBackToBuildNumber() async throws {
        try await withServer(version: nil, { request in
            if request.method == "HEAD" {
                return request.uri == "/" || request.uri.isEmpty
                    ? .respond(status: 302, headers: [("Location", "/web/guest")], body: [])
                    : .respond(status: 200, headers: [("Liferay-Portal", "Liferay DXP")], body: [])
            }
            return .json("[7010]")
        }) { session, server async throws in
            #expect(try await session.detectVersion() == .v7)
            #expect(server.requests.map(\.method) == ["HEAD", "HEAD", "POST"])
            #expect(try JSONValue.parse(bytes: server.requests[2].body) == [["/portal/get-build-number": [:]]])
        }
    }

    @Test func loginByEmailLearnsCompanyFromSites() async throws {
        let user = #"{"userId":"20139","companyId":"20099","screenName":"test","emailAddress":"test@liferay.com","firstName":"Test","lastName":"Admin"}"#
        try await withServer(companyId: 0, { request in
            let body = (try? JSONValue.parse(bytes: request.body)) ?? .null
            if body[0]?["/group/get-user-sites-groups"] != nil { return .json(#"[[{"groupId":"20143","companyId":"20099","name":"Guest"}]]"#) }
            return .json("[\(user)]")
        }) { session, server in
            let u = try await session.login()
            #expect(u.userId == 20139 && u.companyId == 20099 && u.name == "Test Admin" && u.screenName == "test")
            #expect(session.context.companyId == 20099)
            #expect(session.user?.userId == 20139)
            let bodies = try server.requests.map { try JSONValue.parse(bytes: $0.body) }
            #expect(bodies == [
                [["/group/get-user-sites-groups": [:]]],
                [["/user/get-user-by-email-address": ["companyId": 20099, "emailAddress": "test@liferay.com"]]],
            ])
        }
    }

    @Test func loginByScreenNameAndIdWithKnownCompany() async throws {
        let user = #"[{"userId":20140,"companyId":20099,"screenName":"viewer","emailAddress":"viewer@liferay.com"}]"#
        for (login, expected) in [
            ("viewer", JSONValue.array([["/user/get-user-by-screen-name": ["companyId": 20099, "screenName": "viewer"]]])),
            ("20140", JSONValue.array([["/user/get-user-by-id": ["userId": 20140]]])),
        ] {
            try await withServer(credentials: Credentials(username: login, password: "viewer"), { _ in .json(user) }) { session, server in
                let u = try await session.login()
                #expect(u.userId == 20140)
                #expect(server.requests.count == 1)
                #expect(try JSONValue.parse(bytes: server.requests[0].body) == expected)
            }
        }
    }

    @Test func loginWithoutUserIdFails() async throws {
        try await withServer({ _ in .json("[{}]") }) { session, _ in
            let e = await expectPortalError { try await session.login() }
            #expect(e?.kind == .server)
        }
    }

    @Test func loginWithNoSitesAndNoCompany() async throws {
        try await withServer(companyId: 0, { _ in .json("[[]]") }) { session, _ in
            let e = await expectPortalError { try await session.login() }
            #expect(e?.kind == .input)
        }
    }

    @Test func currentUserPathPerVersion() async throws {
        for (version, path) in [(PortalVersion.v62, "/screens-web.screensuser/get-current-user"), (.v7, "/user/get-current-user")] {
            try await withServer(version: version, { _ in .json(#"[{"userId":"20139","companyId":"20099"}]"#) }) { session, server async throws in
                #expect(try await session.currentUser().userId == 20139)
                #expect(try JSONValue.parse(bytes: server.requests[0].body) == [[path: [:]]])
            }
        }
    }
}

@Suite("Multipart upload")
struct UploadTests {
    func temporaryFile(size: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("termlets-upload-\(UUID().uuidString).png")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(bytes).write(to: url)
        return url
    }

    @Test func multipartLayout() throws {
        let call = ServiceCalls(version: .v7).documents.addFileEntry(
            repositoryId: 20143, folderId: 50001, sourceFileName: "pic \"1\".png", mimeType: "image/png", title: "Título",
            description: nil, changeLog: "", file: FileUpload(fileURL: URL(fileURLWithPath: "/tmp/x"), fileName: "pic \"1\".png", mimeType: "image/png"),
            serviceContext: ServiceContext(addGuestPermissions: true))
        let body = try MultipartBody(call: call, fileSize: 3, boundary: "BOUNDARY")
        let expectedHead = [
            "--BOUNDARY", "Content-Disposition: form-data; name=\"repositoryId\"", "", "20143",
            "--BOUNDARY", "Content-Disposition: form-data; name=\"folderId\"", "", "50001",
            "--BOUNDARY", "Content-Disposition: form-data; name=\"sourceFileName\"", "", "pic \"1\".png",
            "--BOUNDARY", "Content-Disposition: form-data; name=\"mimeType\"", "", "image/png",
            "--BOUNDARY", "Content-Disposition: form-data; name=\"title\"", "", "Título",
            "--BOUNDARY", "Content-Disposition: form-data; name=\"changeLog\"", "", "",
            "--BOUNDARY", "Content-Disposition: form-data; name=\"+serviceContext\"", "", "com.liferay.portal.kernel.service.ServiceContext",
            "--BOUNDARY", "Content-Disposition: form-data; name=\"serviceContext.addGuestPermissions\"", "", "true",
            "--BOUNDARY", "Content-Disposition: form-data; name=\"file\"; filename=\"pic %221%22.png\"", "Content-Type: image/png", "", "",
        ].joined(separator: "\r\n")
        #expect(String(decoding: body.head, as: UTF8.self) == expectedHead)
        #expect(String(decoding: body.tail, as: UTF8.self) == "\r\n--BOUNDARY--\r\n")
        #expect(body.contentLength == Int64(body.head.count + 3 + body.tail.count))
        #expect(body.contentType == "multipart/form-data; boundary=BOUNDARY")
        // The null description is left out rather than sent as the text "null".
        #expect(!String(decoding: body.head, as: UTF8.self).contains("name=\"description\""))
    }

    @Test func uploadStreamsTheFileWithProgress() async throws {
        let size = 1_000_000
        let file = try temporaryFile(size: size)
        defer { try? FileManager.default.removeItem(at: file) }
        let entry = #"{"fileEntryId":"70001","groupId":"20143","folderId":"50001","repositoryId":"20143","uuid":"u-1","title":"pic","version":"1.0","mimeType":"image/png","size":1000000}"#
        try await withServer({ _ in .json(entry) }) { session, server in
            let events = NIOLockedValueBox<[(Int64, Int64)]>([])
            let result = try await session.addFileEntry(
                repositoryId: 20143, folderId: 50001, file: FileUpload(fileURL: file, fileName: "pic.png", mimeType: "image/png"), title: "pic",
                serviceContext: ServiceContext(addGuestPermissions: true)
            ) { sent, total in events.withLockedValue { $0.append((sent, total)) } }
            #expect(result.fileEntryId == 70001)
            #expect(result.uuid == "u-1")

            let progress = events.withLockedValue { $0 }
            #expect(progress.count >= 10)  // 64 KiB chunks: fine-grained
            #expect(progress.allSatisfy { $0.1 == Int64(size) })
            #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.0 < $1.0 })
            #expect(progress.last?.0 == Int64(size))

            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.uri == "/api/jsonws/dlapp/add-file-entry")
            let contentType = try #require(request.header("Content-Type"))
            #expect(contentType.hasPrefix("multipart/form-data; boundary="))
            #expect(request.header("Authorization")?.hasPrefix("Basic ") == true)
            let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
            let text = String(decoding: request.body, as: UTF8.self)
            #expect(text.hasPrefix("--\(boundary)\r\nContent-Disposition: form-data; name=\"repositoryId\"\r\n\r\n20143\r\n"))
            #expect(text.contains("name=\"serviceContext.addGuestPermissions\"\r\n\r\ntrue\r\n"))
            #expect(request.body.suffix(boundary.count + 8) == Array("\r\n--\(boundary)--\r\n".utf8))
            // The file bytes arrive intact.
            let marker = Array("Content-Type: image/png\r\n\r\n".utf8)
            let start = try #require(indexAfter(marker, in: request.body))
            let fileBytes = Array(request.body[start..<(start + size)])
            #expect(fileBytes == Array(try Data(contentsOf: file)))
        }
    }

    @Test func uploadErrorsAreParsed() async throws {
        let file = try temporaryFile(size: 10)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withServer({ _ in .json(#"{"exception":"No Group exists","error":{"message":"No Group exists with the key {repositoryId=-1}","type":"com.liferay.portal.kernel.exception.NoSuchGroupException"}}"#, status: 404) }) { session, _ in
            let e = await expectPortalError {
                _ = try await session.addFileEntry(repositoryId: -1, folderId: 0, file: FileUpload(fileURL: file), title: "x")
            }
            #expect(e?.kind == .notFound)
        }
    }

    @Test func missingFileIsAnInputError() async throws {
        try await withServer({ _ in .json("{}") }) { session, server in
            let e = await expectPortalError {
                _ = try await session.addFileEntry(repositoryId: 1, folderId: 0, file: FileUpload(fileURL: URL(fileURLWithPath: "/nonexistent/x.png")), title: "x")
            }
            #expect(e?.kind == .input)
            #expect(server.requests.isEmpty)
        }
    }

    @Test func uploadCanBeCancelled() async throws {
        let file = try temporaryFile(size: 4_000_000)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withServer({ _ in .hang }) { session, _ in
            let started = NIOLockedValueBox(false)
            let task = Task {
                try await session.addFileEntry(repositoryId: 1, folderId: 0, file: FileUpload(fileURL: file), title: "x") { _, _ in
                    started.withLockedValue { $0 = true }
                }
            }
            // Wait (with a deadline) until bytes are moving, then cancel.
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(10)
            while !started.withLockedValue({ $0 }) && clock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            task.cancel()
            let result = await task.result
            switch result {
            case .success: Issue.record("a cancelled upload succeeded")
            case .failure(let error): #expect(error is CancellationError, "\(error)")
            }
        }
    }
}

private func indexAfter(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) {
        return i + needle.count
    }
    return nil
}
