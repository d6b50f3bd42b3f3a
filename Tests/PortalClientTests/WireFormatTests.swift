import DDM
import Foundation
import Testing

@testable import PortalClient

private let sc62 = "com.liferay.portal.service.ServiceContext"
private let sc7 = "com.liferay.portal.kernel.service.ServiceContext"
private let rawOBC = "com.liferay.portal.kernel.util.OrderByComparator"

@Suite("Wire format: envelope and encoding")
struct EnvelopeTests {
    @Test func singleCallIsAnArrayOfOneCommand() throws {
        let body = try invokeBody([ServiceCalls(version: .v7).users.getUserById(userId: 20139)])
        #expect(body == [["/user/get-user-by-id": ["userId": 20139]]])
    }

    @Test func batchKeepsOrder() throws {
        let c = ServiceCalls(version: .v7).screensRecords
        let body = try invokeBody([
            c.getDDLRecords(ddlRecordSetId: 40002, locale: "en_US", start: 0, end: 50),
            c.getDDLRecordsCount(ddlRecordSetId: 40002),
        ])
        guard case .array(let commands) = body else { Issue.record("not an array"); return }
        #expect(commands.count == 2)
        #expect(commands[0]["/screens.screensddlrecord/get-ddl-records"] != nil)
        #expect(commands[1]["/screens.screensddlrecord/get-ddl-records-count"] == ["ddlRecordSetId": 40002])
    }

    @Test func emptyBatchAndUploadsAreRefused() {
        #expect(throws: PortalError.self) { try RequestEnvelope.body(for: []) }
        let upload = ServiceCalls(version: .v7).documents.addFileEntry(
            repositoryId: 1, folderId: 2, sourceFileName: "a", mimeType: "image/png", title: "a",
            file: FileUpload(fileURL: URL(fileURLWithPath: "/tmp/x")))
        do {
            _ = try RequestEnvelope.body(for: [upload])
            Issue.record("an upload went into a batch")
        } catch {
            #expect(error.kind == .input)
        }
    }

    @Test func wrapperFlatteningAndNulls() throws {
        var call = ServiceCall(path: "/x/y")
        call.append("a", .null)
        call.append(
            "serviceContext", object: ObjectParameter(fields: [.init("scopeGroupId", 20143), .init("addGuestPermissions", true)]),
            defaultClass: sc7)
        call.append("obc", object: nil, defaultClass: rawOBC)
        call.append("other", object: ObjectParameter(className: "com.example.Custom", fields: [.init("k", ["v"])]), defaultClass: "x.Y")
        let (_, params) = try parameters(of: call)
        #expect(params == [
            "a": .null,
            "+serviceContext": .string(sc7),
            "serviceContext.scopeGroupId": 20143,
            "serviceContext.addGuestPermissions": true,
            "obc": .null,
            "+other": "com.example.Custom",
            "other.k": ["v"],
        ])
    }

    @Test func nilServiceContextIsOmittedInBothVersions() throws {
        for sc in [sc62, sc7] {
            var call = ServiceCall(path: "/x/y")
            call.append("serviceContext", object: nil, defaultClass: sc)
            let (_, params) = try parameters(of: call)
            #expect(params.isEmpty)
        }
    }

    @Test func serviceContextClassPerVersion() {
        #expect(ServiceContext.className(for: .v62) == sc62)
        #expect(ServiceContext.className(for: .v7) == sc7)
    }

    @Test func orderedParametersFollowMethodOrder() {
        let call = ServiceCalls(version: .v7).documents.getFileEntries(repositoryId: 1, folderId: 2, start: 0, end: 10)
        #expect(call.encodedParameters.map(\.name) == ["repositoryId", "folderId", "mimeTypes", "start", "end", "obc"])
    }
}

@Suite("Wire format: every service call, both versions")
struct ServiceCallTests {
    func check(_ call: ServiceCall, path: String, _ expected: [String: JSONValue], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (sentPath, params) = try parameters(of: call)
        #expect(sentPath == path, sourceLocation: sourceLocation)
        #expect(params == expected, sourceLocation: sourceLocation)
    }

    @Test(arguments: PortalVersion.allCases) func users(_ v: PortalVersion) throws {
        let c = ServiceCalls(version: v).users
        try check(c.getUserByEmailAddress(companyId: 20099, emailAddress: "test@liferay.com"), path: "/user/get-user-by-email-address",
                  ["companyId": 20099, "emailAddress": "test@liferay.com"])
        try check(c.getUserById(userId: 20139), path: "/user/get-user-by-id", ["userId": 20139])
        try check(c.getUserByScreenName(companyId: 20099, screenName: "test"), path: "/user/get-user-by-screen-name",
                  ["companyId": 20099, "screenName": "test"])
        try check(c.getUser(login: "viewer@liferay.com", companyId: 1), path: "/user/get-user-by-email-address",
                  ["companyId": 1, "emailAddress": "viewer@liferay.com"])
        try check(c.getUser(login: "20140", companyId: 1), path: "/user/get-user-by-id", ["userId": 20140])
        try check(c.getUser(login: "viewer", companyId: 1), path: "/user/get-user-by-screen-name", ["companyId": 1, "screenName": "viewer"])
        try check(c.getCurrentUser(), path: v == .v62 ? "/screens-web.screensuser/get-current-user" : "/user/get-current-user", [:])
        try check(ServiceCalls(version: v).groups.getUserSitesGroups(), path: "/group/get-user-sites-groups", [:])
        try check(ServiceCalls(version: v).portal.getBuildNumber(), path: "/portal/get-build-number", [:])
    }

    @Test(arguments: PortalVersion.allCases) func recordSetsAndStructures(_ v: PortalVersion) throws {
        let p = v == .v62 ? "/ddlrecordset/" : "/ddl.ddlrecordset/"
        let c = ServiceCalls(version: v).recordSets
        try check(c.getRecordSet(recordSetId: 40001), path: p + "get-record-set", ["recordSetId": 40001])
        try check(c.search(companyId: 20099, groupId: 20143, start: 0, end: 20), path: p + "search", [
            "companyId": 20099, "groupId": 20143, "keywords": .null, "scope": 0, "start": 0, "end": 20, "orderByComparator": .null,
        ])
        try check(c.searchCount(companyId: 20099, groupId: 20143), path: p + "search-count",
                  ["companyId": 20099, "groupId": 20143, "keywords": .null, "scope": 0])
        try check(ServiceCalls(version: v).structures.getStructure(structureId: 30001),
                  path: v == .v62 ? "/ddmstructure/get-structure" : "/ddm.ddmstructure/get-structure", ["structureId": 30001])
    }

    @Test(arguments: PortalVersion.allCases) func screensRecords(_ v: PortalVersion) throws {
        let p = v == .v62 ? "/screens-web.screensddlrecord/" : "/screens.screensddlrecord/"
        let c = ServiceCalls(version: v).screensRecords
        try check(c.getDDLRecord(ddlRecordId: 7, locale: "es_ES"), path: p + "get-ddl-record", ["ddlRecordId": 7, "locale": "es_ES"])
        // No userId key when userId is nil or 0; "obc": null without a comparator.
        for userId: Int64? in [nil, 0] {
            let (_, params) = try parameters(of: c.getDDLRecords(ddlRecordSetId: 40002, userId: userId, locale: "en_US", start: 0, end: 50))
            #expect(params == ["ddlRecordSetId": 40002, "locale": "en_US", "start": 0, "end": 50, "obc": .null])
            #expect(params["userId"] == nil)
            let (_, count) = try parameters(of: c.getDDLRecordsCount(ddlRecordSetId: 40002, userId: userId))
            #expect(count == ["ddlRecordSetId": 40002])
        }
        let obc = OrderByComparator(className: "com.example.RecordComparator")
        try check(c.getDDLRecords(ddlRecordSetId: 40002, userId: 20139, locale: "en_US", start: 50, end: 75, obc: obc), path: p + "get-ddl-records", [
            "ddlRecordSetId": 40002, "userId": 20139, "locale": "en_US", "start": 50, "end": 75, "+obc": "com.example.RecordComparator",
        ])
        try check(c.getDDLRecordsCount(ddlRecordSetId: 40002, userId: 20139), path: p + "get-ddl-records-count",
                  ["ddlRecordSetId": 40002, "userId": 20139])
        // A comparator given without a class name uses the parameter's default class.
        var call = ServiceCall(path: "/x")
        call.append("obc", object: ObjectParameter(), defaultClass: orderByComparatorClass(v, model: "com.liferay.dynamic.data.lists.model.DDLRecord"))
        let (_, params) = try parameters(of: call)
        #expect(params["+obc"] == .string(v == .v62 ? rawOBC : rawOBC + "<com.liferay.dynamic.data.lists.model.DDLRecord>"))
    }

    @Test(arguments: PortalVersion.allCases) func addAndUpdateRecord(_ v: PortalVersion) throws {
        let p = v == .v62 ? "/ddlrecord/" : "/ddl.ddlrecord/"
        let sc = v == .v62 ? sc62 : sc7
        let c = ServiceCalls(version: v).records
        let context = ServiceContext(userId: 20139, scopeGroupId: 20143, workflowAction: .saveDraft, uuid: "0b7e6a52-3c8e-4f7e-9d0a-8c2b1a4e5f60")
        try check(c.addRecord(groupId: 20143, recordSetId: 40001, fieldsMap: ["Title": "x", "Done": "true"], serviceContext: context),
                  path: p + "add-record", [
                    "groupId": 20143, "recordSetId": 40001, "displayIndex": 0, "fieldsMap": ["Title": "x", "Done": "true"],
                    "+serviceContext": .string(sc), "serviceContext.userId": 20139, "serviceContext.scopeGroupId": 20143,
                    "serviceContext.workflowAction": 2, "serviceContext.uuid": "0b7e6a52-3c8e-4f7e-9d0a-8c2b1a4e5f60",
                  ])
        try check(c.updateRecord(recordId: 9, fieldsMap: ["Title": "y"], serviceContext: ServiceContext(userId: 1, scopeGroupId: 2, workflowAction: .publish)),
                  path: p + "update-record", [
                    "recordId": 9, "displayIndex": 0, "fieldsMap": ["Title": "y"], "mergeFields": .bool(v == .v62),
                    "+serviceContext": .string(sc), "serviceContext.userId": 1, "serviceContext.scopeGroupId": 2,
                    "serviceContext.workflowAction": 1,
                  ])
        let (_, params) = try parameters(of: c.addRecord(groupId: 1, recordSetId: 2, fieldsMap: [:], serviceContext: nil))
        #expect(params["serviceContext"] == nil && params["+serviceContext"] == nil)
        try check(c.getRecord(recordId: 9), path: p + "get-record", ["recordId": 9])
    }

    @Test(arguments: PortalVersion.allCases) func documents(_ v: PortalVersion) throws {
        let c = ServiceCalls(version: v).documents
        if v == .v7 {
            try check(c.getFileEntries(repositoryId: 20143, folderId: 50001, start: 0, end: 30), path: "/dlapp/get-file-entries", [
                "repositoryId": 20143, "folderId": 50001, "mimeTypes": ["image/png", "image/jpeg", "image/gif"], "start": 0, "end": 30, "obc": .null,
            ])
            try check(c.getFileEntries(repositoryId: 1, folderId: 2, mimeTypes: nil, start: 0, end: 1, obc: OrderByComparator(className: "a.B")),
                      path: "/dlapp/get-file-entries", ["repositoryId": 1, "folderId": 2, "mimeTypes": .null, "start": 0, "end": 1, "+obc": "a.B"])
            try check(c.getFileEntriesCount(repositoryId: 20143, folderId: 50001, mimeTypes: ["image/png"]), path: "/dlapp/get-file-entries-count",
                      ["repositoryId": 20143, "folderId": 50001, "mimeTypes": ["image/png"]])
            #expect(!c.answersWholeFolder(mimeTypes: ["image/png"]))
        } else {
            // 6.2 has only the unpaged overload with mimeTypes, and the paged one without.
            try check(c.getFileEntries(repositoryId: 20143, folderId: 50001, start: 0, end: 30), path: "/dlapp/get-file-entries", [
                "repositoryId": 20143, "folderId": 50001, "mimeTypes": ["image/png", "image/jpeg", "image/gif"],
            ])
            try check(c.getFileEntries(repositoryId: 1, folderId: 2, mimeTypes: nil, start: 0, end: 1, obc: OrderByComparator(className: "a.B")),
                      path: "/dlapp/get-file-entries", ["repositoryId": 1, "folderId": 2, "start": 0, "end": 1, "+obc": "a.B"])
            try check(c.getFileEntriesCount(repositoryId: 20143, folderId: 50001, mimeTypes: ["image/png"]), path: "/dlapp/get-file-entries",
                      ["repositoryId": 20143, "folderId": 50001, "mimeTypes": ["image/png"]])
            try check(c.getFileEntriesCount(repositoryId: 1, folderId: 2, mimeTypes: nil), path: "/dlapp/get-file-entries-count",
                      ["repositoryId": 1, "folderId": 2])
            #expect(c.answersWholeFolder(mimeTypes: ["image/png"]))
            let all: JSONValue = [["fileEntryId": 1], ["fileEntryId": 2], ["fileEntryId": 3]]
            #expect(c.fileEntriesPage(all, start: 1, end: 5, mimeTypes: ["image/png"]) == [["fileEntryId": 2], ["fileEntryId": 3]])
            #expect(c.fileEntriesPage(all, start: 7, end: 9, mimeTypes: ["image/png"]) == [])
            #expect(c.fileEntriesPage(all, start: -1, end: -1, mimeTypes: ["image/png"]) == all)
            #expect(c.fileEntriesCount(all) == 3)
        }
        #expect(c.fileEntriesCount(120) == 120)
        try check(c.deleteFileEntry(fileEntryId: 77), path: "/dlapp/delete-file-entry", ["fileEntryId": 77])
        try check(c.getFolders(repositoryId: 20143, parentFolderId: 0), path: "/dlapp/get-folders", ["repositoryId": 20143, "parentFolderId": 0])
        let upload = c.addFileEntry(
            repositoryId: 20143, folderId: 50001, sourceFileName: "a.png", mimeType: "image/png", title: "a", description: nil, changeLog: "",
            file: FileUpload(fileURL: URL(fileURLWithPath: "/tmp/a.png"), mimeType: "image/png"),
            serviceContext: ServiceContext(addGuestPermissions: true))
        #expect(upload.path == "/dlapp/add-file-entry")
        #expect(upload.parameters.map(\.name) == [
            "repositoryId", "folderId", "sourceFileName", "mimeType", "title", "description", "changeLog", "file", "serviceContext",
        ])
        #expect(upload.fileParameter?.name == "file")
        #expect(upload.encodedParameters.map(\.name) == [
            "repositoryId", "folderId", "sourceFileName", "mimeType", "title", "description", "changeLog", "+serviceContext",
            "serviceContext.addGuestPermissions",
        ])
    }

    @Test(arguments: PortalVersion.allCases) func bookmarks(_ v: PortalVersion) throws {
        let e = v == .v62 ? "/bookmarksentry/" : "/bookmarks.bookmarksentry/"
        let c = ServiceCalls(version: v).bookmarks
        try check(c.getEntries(groupId: 20143, folderId: 60001, start: 0, end: 25), path: e + "get-entries",
                  ["groupId": 20143, "folderId": 60001, "start": 0, "end": 25])
        try check(c.getEntriesCount(groupId: 20143, folderId: 60001), path: e + "get-entries-count", ["groupId": 20143, "folderId": 60001])
        try check(c.addEntry(groupId: 20143, folderId: 60001, name: "n", url: "https://x", description: nil), path: e + "add-entry",
                  ["groupId": 20143, "folderId": 60001, "name": "n", "url": "https://x", "description": .null])
        try check(c.addEntry(groupId: 1, folderId: 2, name: "n", url: "u", description: "d", serviceContext: ServiceContext(scopeGroupId: 1)),
                  path: e + "add-entry", [
                    "groupId": 1, "folderId": 2, "name": "n", "url": "u", "description": "d",
                    "+serviceContext": .string(v == .v62 ? sc62 : sc7), "serviceContext.scopeGroupId": 1,
                  ])
        try check(c.getFolders(groupId: 20143, parentFolderId: 0),
                  path: (v == .v62 ? "/bookmarksfolder/" : "/bookmarks.bookmarksfolder/") + "get-folders", ["groupId": 20143, "parentFolderId": 0])
    }

    @Test func versionParsingAndBuildNumbers() {
        #expect(PortalVersion(buildNumber: 6205) == .v62)
        #expect(PortalVersion(buildNumber: 7000) == .v7)
        #expect(PortalVersion(buildNumber: 7413) == .v7)
        #expect(PortalVersion(argument: "6.2") == .v62)
        #expect(PortalVersion(argument: "7.3") == .v7)
        #expect(PortalVersion(argument: "8") == nil)
        #expect(PortalSession.buildNumber(fromHeader: "Liferay Portal Community Edition 6.2 CE GA6 (Newton / Build 6205 / January 6, 2016)") == 6205)
        #expect(PortalSession.buildNumber(fromHeader: "Liferay Community Edition Portal 7.0.10 GA1 (Wilberforce / Build 7010 / June 15, 2016)") == 7010)
        #expect(PortalSession.buildNumber(fromHeader: "Liferay Portal Community Edition") == nil)
    }

    @Test func documentURLs() {
        let server = URL(string: "https://portal.example.com/")!
        #expect(DocumentURL.url(server: server, groupId: 20143, folderId: 50001, title: "My photo ñ/1", uuid: "ab-cd").absoluteString
                == "https://portal.example.com/documents/20143/50001/My%20photo%20%C3%B1%2F1/ab-cd")
        #expect(DocumentURL.url(server: server, groupId: 1, folderId: 2, title: "t", uuid: "u", version: "1.0", thumbnail: true).absoluteString
                == "https://portal.example.com/documents/1/2/t/u?version=1.0&imageThumbnail=1")
    }
}
