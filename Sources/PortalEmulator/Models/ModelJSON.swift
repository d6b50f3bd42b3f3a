import DDM

/// The JSON of each model, with the attribute names the portal's serializer gives them.
enum ModelJSON {
    static func user(_ user: UserRow, _ version: PortalVersion) -> JSONValue {
        var m = ModelBuilder(version)
        m.long("userId", user.userId)
        m.long("companyId", user.companyId)
        m.long("contactId", user.userId + 1)
        m.long("portraitId", 0)
        m.string("screenName", user.screenName)
        m.string("emailAddress", user.emailAddress)
        m.string("firstName", user.firstName)
        m.string("middleName", "")
        m.string("lastName", user.lastName)
        m.string("greeting", "Welcome \(user.fullName)!")
        m.string("jobTitle", "")
        m.string("languageId", user.languageId)
        m.string("timeZoneId", "UTC")
        m.string("uuid", user.uuid)
        m.date("createDate", user.createDate)
        m.date("modifiedDate", user.modifiedDate)
        m.date("loginDate", user.modifiedDate)
        m.bool("agreedToTermsOfUse", true)
        m.bool("emailAddressVerified", true)
        m.bool("defaultUser", false)
        m.bool("lockout", false)
        m.int("status", 0)
        return m.json
    }

    static func site(_ site: SiteRow, _ version: PortalVersion) -> JSONValue {
        var m = ModelBuilder(version)
        m.long("groupId", site.groupId)
        m.long("companyId", site.companyId)
        m.long("creatorUserId", site.creatorUserId)
        m.long("classNameId", 20001)
        m.long("classPK", site.groupId)
        m.long("parentGroupId", 0)
        m.long("liveGroupId", 0)
        m.string("groupKey", site.name)
        switch version {
        case .v62:
            m.string("name", site.name)
        case .v7:
            m.string("name", LocalizedText(["en_US": site.name]).portalXML())
            m.string("nameCurrentValue", site.name)
        }
        m.string("descriptiveName", site.name)
        m.string("description", site.description)
        m.string("friendlyURL", site.friendlyURL)
        m.string("treePath", "/\(site.groupId)/")
        m.string("uuid", site.uuid)
        m.int("type", 1)
        m.bool("site", true)
        m.bool("active", true)
        m.bool("manualMembership", true)
        m.bool("inheritContent", false)
        m.int("membershipRestriction", 0)
        m.int("remoteStagingGroupCount", 0)
        m.string("typeSettings", "")
        return m.json
    }

    static func structure(_ structure: StructureRow, _ version: PortalVersion, definitionText: String) -> JSONValue {
        var m = ModelBuilder(version)
        m.long("structureId", structure.structureId)
        m.long("groupId", structure.groupId)
        m.long("companyId", structure.companyId)
        m.long("userId", structure.userId)
        m.string("userName", "")
        m.long("parentStructureId", 0)
        m.long("classNameId", DemoIDs.ddlRecordSetClassNameId)
        m.string("structureKey", structure.structureKey)
        m.string("name", structure.names.portalXML())
        m.string("description", structure.descriptions.portalXML())
        m.string("storageType", version == .v62 ? "xml" : "json")
        m.int("type", 0)
        m.string("uuid", structure.uuid)
        m.date("createDate", structure.createDate)
        m.date("modifiedDate", structure.modifiedDate)
        switch version {
        case .v62:
            m.string("xsd", definitionText)
        case .v7:
            m.string("definition", definitionText)
            m.string("nameCurrentValue", structure.names.value(for: nil))
            m.string("descriptionCurrentValue", structure.descriptions.value(for: nil))
            m.string("version", "1.0")
            m.date("lastPublishDate", nil)
        }
        return m.json
    }

    static func recordSet(_ set: RecordSetRow, _ version: PortalVersion) -> JSONValue {
        var m = ModelBuilder(version)
        m.long("recordSetId", set.recordSetId)
        m.long("groupId", set.groupId)
        m.long("companyId", set.companyId)
        m.long("userId", set.userId)
        m.string("userName", "")
        m.long("DDMStructureId", set.structureId)
        m.string("recordSetKey", set.recordSetKey)
        m.string("name", set.names.portalXML())
        m.string("description", set.descriptions.portalXML())
        m.int("minDisplayRows", set.minDisplayRows)
        m.int("scope", set.scope)
        m.string("uuid", set.uuid)
        m.date("createDate", set.createDate)
        m.date("modifiedDate", set.modifiedDate)
        if version == .v7 {
            m.string("nameCurrentValue", set.names.value(for: nil))
            m.string("descriptionCurrentValue", set.descriptions.value(for: nil))
            m.string("settings", "")
            m.int("workflowDefinitionVersion", 0)
            m.date("lastPublishDate", nil)
        }
        return m.json
    }

    /// The DDLRecord model, as `ddlrecord/add-record`, `update-record` and `get-record` return it.
    static func record(_ record: RecordRow, _ version: PortalVersion) -> JSONValue {
        var m = ModelBuilder(version)
        m.long("recordId", record.recordId)
        m.string("uuid", record.uuid)
        m.long("groupId", record.groupId)
        m.long("companyId", record.companyId)
        m.long("userId", record.userId)
        m.string("userName", record.userName)
        m.long("versionUserId", record.userId)
        m.string("versionUserName", record.userName)
        m.date("createDate", record.createDate)
        m.date("modifiedDate", record.modifiedDate)
        m.long("DDMStorageId", record.storageId)
        m.long("recordSetId", record.recordSetId)
        m.string("version", record.version)
        m.int("displayIndex", record.displayIndex)
        m.int("status", record.status)
        if version == .v7 { m.date("lastPublishDate", nil) }
        return m.json
    }

    static func dlFolder(_ folder: DLFolderRow, _ version: PortalVersion) -> JSONValue {
        var m = ModelBuilder(version)
        m.folder(
            folderId: folder.folderId, groupId: folder.groupId, companyId: DemoIDs.companyId, parentFolderId: folder.parentFolderId,
            userId: folder.userId, name: folder.name, description: folder.description, uuid: folder.uuid,
            createDate: folder.createDate, modifiedDate: folder.modifiedDate)
        m.long("repositoryId", folder.repositoryId)
        m.date("lastPostDate", folder.modifiedDate)
        m.bool("mountPoint", false)
        return m.json
    }

    static func fileEntry(_ entry: FileEntryRow, _ version: PortalVersion) -> JSONValue {
        var m = ModelBuilder(version)
        m.long("fileEntryId", entry.fileEntryId)
        m.long("groupId", entry.groupId)
        m.long("companyId", DemoIDs.companyId)
        m.long("repositoryId", entry.repositoryId)
        m.long("folderId", entry.folderId)
        m.long("userId", entry.userId)
        m.string("userName", entry.userName)
        m.long("versionUserId", entry.userId)
        m.string("versionUserName", entry.userName)
        m.long("fileEntryTypeId", 0)
        m.string("title", entry.title)
        m.string("description", entry.description)
        m.string("fileName", entry.fileName)
        m.string("extension", entry.fileExtension)
        m.string("mimeType", entry.mimeType)
        m.long("size", entry.size)
        m.string("version", entry.version)
        m.string("uuid", entry.uuid)
        m.string("name", String(entry.fileEntryId))
        m.string("treePath", "/\(entry.folderId)/")
        m.date("createDate", entry.createDate)
        m.date("modifiedDate", entry.modifiedDate)
        m.int("readCount", 0)
        m.bool("manualCheckInRequired", false)
        return m.json
    }

    static func bookmarksFolder(_ folder: BookmarksFolderRow, _ version: PortalVersion) -> JSONValue {
        var m = ModelBuilder(version)
        m.folder(
            folderId: folder.folderId, groupId: folder.groupId, companyId: folder.companyId, parentFolderId: folder.parentFolderId,
            userId: folder.userId, name: folder.name, description: folder.description, uuid: folder.uuid,
            createDate: folder.createDate, modifiedDate: folder.modifiedDate)
        return m.json
    }

    static func bookmarksEntry(_ entry: BookmarksEntryRow, _ version: PortalVersion) -> JSONValue {
        var m = ModelBuilder(version)
        m.long("entryId", entry.entryId)
        m.long("groupId", entry.groupId)
        m.long("companyId", entry.companyId)
        m.long("folderId", entry.folderId)
        m.long("userId", entry.userId)
        m.string("userName", entry.userName)
        m.string("name", entry.name)
        m.string("url", entry.url)
        m.string("description", entry.description)
        m.int("visits", entry.visits)
        m.int("priority", entry.priority)
        m.string("uuid", entry.uuid)
        m.string("treePath", "/\(entry.folderId)/")
        m.date("createDate", entry.createDate)
        m.date("modifiedDate", entry.modifiedDate)
        m.int("status", 0)
        return m.json
    }
}

extension ModelBuilder {
    /// The attributes every folder model has (Documents and Media and Bookmarks alike).
    mutating func folder(
        folderId: Int64, groupId: Int64, companyId: Int64, parentFolderId: Int64, userId: Int64, name: String,
        description: String, uuid: String, createDate: Int64, modifiedDate: Int64
    ) {
        long("folderId", folderId)
        long("groupId", groupId)
        long("companyId", companyId)
        long("parentFolderId", parentFolderId)
        long("userId", userId)
        string("userName", "")
        string("name", name)
        string("description", description)
        string("uuid", uuid)
        string("treePath", "/\(folderId)/")
        date("createDate", createDate)
        date("modifiedDate", modifiedDate)
        int("status", 0)
    }
}
