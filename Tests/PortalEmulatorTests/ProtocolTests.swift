import DDM
import Foundation
import Testing
@testable import PortalEmulator

extension PortalEmulatorSuites {
    @Suite("JSON web service protocol")
    struct ProtocolTests {
        @Test("HEAD / and every response carry Liferay-Portal with the build", arguments: PortalVersion.allCases)
        func portalHeader(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let head = try await RawHTTPClient.send(port: portal.port, method: "HEAD", path: "/")
                #expect(head.status == 200)
                let build = version == .v62 ? "Build 6205" : "Build 7004"
                #expect(head.header("Liferay-Portal")?.contains(build) == true)
                let invoke = try await portal.post("/api/jsonws/invoke", body: Array(#"[{"/portal/get-build-number":{}}]"#.utf8), as: nil)
                #expect(invoke.header("Liferay-Portal")?.contains(build) == true)
                #expect(try JSONValue.parse(bytes: invoke.body) == [.int(version == .v62 ? 6205 : 7004)])
                let missing = try await portal.get("/no/such/page")
                #expect(missing.status == 404)
                #expect(missing.header("Liferay-Portal") != nil)
            }
        }

        @Test("a batch answers positionally; a single command object answers bare")
        func batchPositions() async throws {
            try await withPortal(.v7) { portal in
                let (status, json) = try await portal.invoke([
                    ["/portal/get-build-number": [:]],
                    ["/user/get-user-by-id": ["userId": "20140"]],
                    ["/screens.screensddlrecord/get-ddl-records-count": ["ddlRecordSetId": 40003]],
                    ["/dlapp/delete-file-entry": ["fileEntryId": 51001]],
                ])
                #expect(status == 200)
                #expect(json[0] == 7004)
                #expect(json[1]?["screenName"] == "viewer")
                #expect(json[2] == 3)
                #expect(json[3] == .null)
                #expect(json.arrayValue?.count == 4)
                let single = try await portal.invoke(["/user/get-user-by-id": ["userId": 20139]])
                #expect(single.json["emailAddress"] == "test@liferay.com")
            }
        }

        @Test("the first failing command fails the batch; commands before it stay done", arguments: PortalVersion.allCases)
        func batchFailure(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let add = portal.path(.record, "add-record")
                let uuid = "batch-\(version.rawValue)"
                let (status, json) = try await portal.invoke([
                    .object([add: ["groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Name": "Kept"],
                                   "+serviceContext": "com.liferay.portal.kernel.service.ServiceContext", "serviceContext.uuid": .string(uuid)]]),
                    .object([portal.path(.record, "get-record"): ["recordId": 999_999_999]]),
                    ["/portal/get-build-number": [:]],
                ])
                #expect(status == (version == .v7 ? 404 : 200))
                #expect(json.arrayValue == nil)
                #expect(json["exception"] != nil)
                let count = try await portal.result(portal.path(.screens, "get-ddl-records-count"), ["ddlRecordSetId": 40003])
                #expect(count == 4, "the add before the failure stays done")
            }
        }

        @Test("the other version's paths and unknown paths are no such action", arguments: PortalVersion.allCases)
        func unknownActions(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let other = version == .v7 ? "/ddlrecordset/get-record-set" : "/ddl.ddlrecordset/get-record-set"
                for path in [other, "/nosuch/thing"] {
                    let (status, json) = try await portal.call(path, ["recordSetId": 40001])
                    switch version {
                    case .v7:
                        #expect(status == 404)
                        #expect(json["error"]?["type"] == "com.liferay.portal.kernel.jsonwebservice.NoSuchJSONWebServiceException")
                        #expect(json["exception"]?.stringValue?.contains(path) == true)
                    case .v62:
                        #expect(status == 200)
                        #expect(json["exception"] == "java.lang.RuntimeException")
                        #expect(json["message"]?.stringValue?.contains(path) == true)
                    }
                }
                let current = try await portal.call(version == .v7 ? "/screens-web.screensuser/get-current-user" : "/user/get-current-user")
                #expect(current.json["exception"] != nil)
            }
        }

        @Test("parameter names choose the overload; names that fit none are no such action")
        func overloadChoice() async throws {
            try await withPortal(.v7) { portal in
                let all = try await portal.result("/screens.screensddlrecord/get-ddl-records-count", ["ddlRecordSetId": 40002])
                let mine = try await portal.result("/screens.screensddlrecord/get-ddl-records-count", ["ddlRecordSetId": 40002, "userId": 20140])
                #expect(all == 10_000)
                #expect(mine == 2_500)
                let (status, _) = try await portal.call("/screens.screensddlrecord/get-ddl-records-count", ["ddlRecordSetId": 40002, "colour": "red"])
                #expect(status == 404)
            }
        }

        @Test("wrappers, nulls and numeric strings decode as the SDK sends them")
        func parameterDecoding() {
            let params = Parameters(object: [
                "recordId": "42", "flag": "true", "obc": nil, "+serviceContext": "com.liferay.portal.kernel.service.ServiceContext",
                "serviceContext.workflowAction": 2, "serviceContext.uuid": "u-1", "-description": "", "mimeTypes": #"["image/png"]"#,
            ])
            #expect(params.names == ["recordId", "flag", "obc", "serviceContext", "description", "mimeTypes"])
            #expect((try? params.long("recordId")) == 42)
            #expect((try? params.bool("flag")) == true)
            #expect(params.wrapper("serviceContext")?.className == "com.liferay.portal.kernel.service.ServiceContext")
            #expect(params.wrapper("serviceContext")?.fields["workflowAction"] == 2)
            #expect(params.string("description") == nil)
            #expect(params.string("obc") == nil)
            #expect((try? params.array("mimeTypes")) == ["image/png"])
            #expect(throws: PortalError.self) { try params.long("flag") }
        }

        @Test("malformed bodies are portal errors, never crashes")
        func malformedBodies() async throws {
            try await withPortal(.v7) { portal in
                for body in ["[{", "42", "[1]", #"[{"/a":1,"/b":2}]"#, #"[{"/user/get-user-by-id": 5}]"#, "\u{0}\u{1}"] {
                    let response = try await portal.post("/api/jsonws/invoke", body: Array(body.utf8))
                    #expect(response.status == 500, "body \(body)")
                    #expect(try JSONValue.parse(bytes: response.body)["error"] != nil)
                }
            }
        }

        @Test("multipart bodies are parsed strictly")
        func multipartParser() {
            let body = Array("--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n\u{0}\u{1}\r\n--XyZ--\r\n".utf8)
            let parts = RequestBodyParser.multipart(body, boundary: "XyZ")
            #expect(parts?.count == 2)
            #expect(parts?[0].text == "Hello")
            #expect(parts?[1].fileName == "a.bin")
            #expect(parts?[1].data == [0, 1])
            #expect(RequestBodyParser.multipart(Array("--XyZ\r\nno headers end".utf8), boundary: "XyZ") == nil)
            #expect(RequestBodyParser.multipart([], boundary: "XyZ") == nil)
            #expect(RequestBodyParser.boundary(contentType: "multipart/form-data; boundary=\"abc\"") == "abc")
            #expect(RequestBodyParser.boundary(contentType: "application/json") == nil)
        }
    }
}
