import DDM
/// Every service the emulator offers, registered for one portal version.
enum ServiceCatalog {
    static func registry(for version: PortalVersion) -> ServiceRegistry {
        var registry = ServiceRegistry(version: version)
        UserServices.register(&registry)
        StructureServices.register(&registry)
        RecordSetServices.register(&registry)
        RecordServices.register(&registry)
        ScreensRecordServices.register(&registry)
        DocumentServices.register(&registry)
        BookmarkServices.register(&registry)
        return registry
    }
}
