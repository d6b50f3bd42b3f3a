import DDM
/// Every service the emulator offers, registered for one portal version and release.
enum ServiceCatalog {
    static func registry(for version: PortalVersion, release: EmulatorRelease = .screensPlugin) -> ServiceRegistry {
        var registry = ServiceRegistry(version: version)
        UserServices.register(&registry)
        StructureServices.register(&registry)
        RecordSetServices.register(&registry)
        RecordServices.register(&registry)
        DocumentServices.register(&registry)
        switch release {
        case .screensPlugin:
            ScreensRecordServices.register(&registry)
            BookmarkServices.register(&registry)
        case .liferay74:
            // A stock 7.4 has no Screens plugin and no Bookmarks: their paths are "no such action".
            Liferay74Services.register(&registry)
        }
        return registry
    }
}
