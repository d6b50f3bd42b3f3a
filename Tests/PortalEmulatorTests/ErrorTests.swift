import DDM
import Foundation
import Testing
@testable import PortalEmulator

extension PortalEmulatorSuites {
    @Suite("Error shapes and authentication")
    struct ErrorTests {
        @Test("7.x: 403 for permissions, 404 for missing models, 500 otherwise, with exception/throwable/error")
        func errorShapes7() async throws {
            try await withPortal(.v7) { portal in
                let denied = try await portal.call("/ddl.ddlrecord/add-record",
                                                   ["groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Name": "X"]],
                                                   as: DemoUser.viewer)
                #expect(denied.status == 403)
                #expect(denied.json["error"]?["type"] == "com.liferay.portal.kernel.security.auth.PrincipalException")
                let message = try #require(denied.json["error"]?["message"]?.stringValue)
                #expect(denied.json["exception"]?.stringValue == message)
                #expect(denied.json["throwable"]?.stringValue == "com.liferay.portal.kernel.security.auth.PrincipalException: \(message)")

                let missing = try await portal.call("/ddl.ddlrecordset/get-record-set", ["recordSetId": 12345])
                #expect(missing.status == 404)
                #expect(missing.json["error"]?["type"] == "com.liferay.dynamic.data.lists.exception.NoSuchRecordSetException")
                #expect(missing.json["error"]?["message"] == "No DDLRecordSet exists with the primary key 12345")

                let invalid = try await portal.call("/ddl.ddlrecord/add-record",
                                                    ["groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Nope": "X", "Name": "Y"]])
                #expect(invalid.status == 500)
                #expect(invalid.json["error"]?["type"]?.stringValue?.contains("DDMFormValuesValidationException") == true)
            }
        }

        @Test("6.2: HTTP 200 with {exception: <class>, message}")
        func errorShapes62() async throws {
            try await withPortal(.v62) { portal in
                let denied = try await portal.call("/ddlrecord/add-record",
                                                   ["groupId": 20143, "recordSetId": 40003, "displayIndex": 0, "fieldsMap": ["Name": "X"]],
                                                   as: DemoUser.viewer)
                #expect(denied.status == 200)
                #expect(denied.json["exception"] == "com.liferay.portal.security.auth.PrincipalException")
                #expect(denied.json["message"]?.stringValue?.contains("com.liferay.portlet.dynamicdatalists.model.DDLRecordSet 40003") == true)
                #expect(denied.json["error"] == nil)

                let missing = try await portal.call("/ddmstructure/get-structure", ["structureId": 1])
                #expect(missing.status == 200)
                #expect(missing.json == ["exception": "com.liferay.portlet.dynamicdatamapping.NoSuchStructureException",
                                         "message": "No DDMStructure exists with the primary key 1"])
            }
        }

        @Test("missing or wrong credentials: 401 on 7.x, SecurityException on 6.2", arguments: PortalVersion.allCases)
        func authentication(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                for user in [nil, ("test@liferay.com", "wrong"), ("nobody@liferay.com", "test")] as [(String, String)?] {
                    let (status, json) = try await portal.call("/group/get-user-sites-groups", as: user)
                    switch version {
                    case .v7:
                        #expect(status == 401)
                        #expect(json["error"]?["type"] == "java.lang.SecurityException")
                    case .v62:
                        #expect(status == 200)
                        #expect(json == ["exception": "java.lang.SecurityException", "message": "Authenticated access required"])
                    }
                }
                for login in ["test@liferay.com", "test", "20139"] {
                    let sites = try await portal.result("/group/get-user-sites-groups", as: (login, "test"))
                    #expect(sites[0]?["name"]?.stringValue?.contains("Termlets Demo") == true, "login \(login)")
                }
                let build = try await portal.result("/portal/get-build-number", as: nil)
                #expect(build.intValue == (version == .v7 ? 7004 : 6205))
            }
        }
    }
}
