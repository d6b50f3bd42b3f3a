/// The `NoSuch…Exception`s of the models the emulator serves.
enum NotFound {
    static func user(_ key: String) -> PortalError {
        .noSuch("User", package62: "com.liferay.portal", package7: "com.liferay.portal.kernel.exception", entity: "User", key: key)
    }

    static func group(_ id: Int64) -> PortalError {
        .noSuch("Group", package62: "com.liferay.portal", package7: "com.liferay.portal.kernel.exception", entity: "Group", key: "primary key \(id)")
    }

    static func structure(_ id: Int64) -> PortalError {
        .noSuch("Structure", package62: "com.liferay.portlet.dynamicdatamapping", package7: "com.liferay.dynamic.data.mapping.exception",
                entity: "DDMStructure", key: "primary key \(id)")
    }

    static func recordSet(_ id: Int64) -> PortalError {
        .noSuch("RecordSet", package62: "com.liferay.portlet.dynamicdatalists", package7: "com.liferay.dynamic.data.lists.exception",
                entity: "DDLRecordSet", key: "primary key \(id)")
    }

    static func record(_ id: Int64) -> PortalError {
        .noSuch("Record", package62: "com.liferay.portlet.dynamicdatalists", package7: "com.liferay.dynamic.data.lists.exception",
                entity: "DDLRecord", key: "primary key \(id)")
    }

    static func fileEntry(_ key: String) -> PortalError {
        .noSuch("FileEntry", package62: "com.liferay.portlet.documentlibrary", package7: "com.liferay.document.library.kernel.exception",
                entity: "DLFileEntry", key: key)
    }

    static func dlFolder(_ id: Int64) -> PortalError {
        .noSuch("Folder", package62: "com.liferay.portlet.documentlibrary", package7: "com.liferay.document.library.kernel.exception",
                entity: "DLFolder", key: "primary key \(id)")
    }

    static func bookmarksFolder(_ id: Int64) -> PortalError {
        .noSuch("Folder", package62: "com.liferay.portlet.bookmarks", package7: "com.liferay.bookmarks.exception",
                entity: "BookmarksFolder", key: "primary key \(id)")
    }
}
