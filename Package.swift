// swift-tools-version: 6.0
// Termlets: Liferay Screens' screenlets (DDL form, DDL list, gallery, custom lists) in the terminal.
// Layers, bottom to top; each target imports only those below it (docs/architecture.md).
import PackageDescription

#if canImport(Glibc)
    import Glibc
#endif

/// The release link of `termlets` on Linux (docs/benchmarks.md, "Second round of issue 17"): the
/// Swift runtime and Foundation linked statically, no exported symbols (the static runtime's
/// `-export-dynamic` put 46,000 names in the dynamic table, touched at every start), and — with the
/// toolchain's lld — the functions a form screen runs at start-up laid side by side
/// (`link/termlets-startup.order`, made by `scripts/startup-order`) and packed relative relocations
/// where the C library knows them (glibc 2.36 and later). Together with no ICU on the form's
/// start-up: 45 → 25 MiB resident for the 10-field form. Without lld: the system linker, no order.
let releaseLinkerFlags: [String] = {
    var flags = ["-static-stdlib", "-Xlinker", "--no-export-dynamic"]
    #if canImport(Glibc)
        guard toolchainHasLLD() else { return flags }
        let directory = String(#filePath.dropLast("/Package.swift".count))
        flags += [
            "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(directory)/link/termlets-startup.order",
            "-Xlinker", "--no-warn-symbol-ordering",
        ]
        var name = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
        _ = confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count)
        let text = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let version = text.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
        if version.count >= 2, (version[0], version[1]) >= (2, 36) { flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] }
    #endif
    return flags
}()

#if canImport(Glibc)
    /// Whether `ld.lld` is on the PATH or beside the `swift` found there (Swift's Linux toolchains ship it).
    func toolchainHasLLD() -> Bool {
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        for entry in path.split(separator: ":") {
            if access("\(entry)/ld.lld", X_OK) == 0 { return true }
            if let swift = realpath("\(entry)/swift", nil) {
                defer { free(swift) }
                let bin = String(cString: swift).split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                if access("\(bin)/ld.lld", X_OK) == 0 { return true }
            }
        }
        return false
    }
#endif

let package = Package(
    name: "Termlets",
    // Linux only (no `platforms` entry): the curses shim, the release flags and CI are Linux's;
    // macOS is neither built nor tested.
    products: [
        .executable(name: "termlets", targets: ["termlets"]),
        .library(name: "DDM", targets: ["DDM"]),
        .library(name: "PortalClient", targets: ["PortalClient"]),
        .library(name: "OfflineStore", targets: ["OfflineStore"]),
        .library(name: "Sync", targets: ["Sync"]),
        .library(name: "Screenlets", targets: ["Screenlets"]),
        .library(name: "TermUI", targets: ["TermUI"]),
        .library(name: "CursesBackend", targets: ["CursesBackend"]),
        .library(name: "TermUITesting", targets: ["TermUITesting"]),
        .library(name: "Screens", targets: ["Screens"]),
        .library(name: "PortalEmulator", targets: ["PortalEmulator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // 1. Structures, fields, typed values, validation, localisation, JSON. Pure: no I/O, no UI.
        .target(name: "DDM"),

        // 2. Portal client: JSON web-service wire protocol, auth, service calls per portal version,
        //    multipart uploads, error mapping.
        .target(
            name: "PortalClient",
            dependencies: [
                "DDM",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // 3. Offline store: SQLite cache per (server, user), load and submit policies, the pending
        //    write queue the sync engine drains.
        .target(
            name: "OfflineStore",
            dependencies: [
                "DDM",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),

        // 3. Sync engine: drains the offline store's queue through the portal client (batches,
        //    conflict detection, exactly-once adds), and the automatic sync scheduler.
        .target(name: "Sync", dependencies: ["OfflineStore", "PortalClient", "DDM"]),

        // 4. Screenlets: headless controllers, fluent pagination, custom lists, the DDL form, typed
        //    events. No terminal here; the portal and the cache only through layers 2 and 3.
        .target(
            name: "Screenlets", dependencies: ["DDM", "PortalClient", "OfflineStore", "Sync"],
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),

        // 4. The custom list recipe (docs/pagination.md): the Bookmarks list, a client of the
        //    public API of Screenlets and PortalClient only. The browser and `termlets bookmarks` use it.
        .target(name: "BookmarksExample", dependencies: ["DDM", "PortalClient", "OfflineStore", "Screenlets"]),

        // 5. Terminal UI core: grid of cells, styles, Unicode width, frame diff, input decoding,
        //    key map, text editing, Elm-style runtime. No curses: testable headless.
        .target(name: "TermUI"),

        // 6. Curses backend: the only code that touches ncurses (through the CNcurses shim). Draws
        //    frame diffs, reads input, restores the terminal on every exit (docs/curses.md).
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        .target(name: "CursesBackend", dependencies: ["CNcurses", "TermUI"]),

        // 6. Screens: the interactive screens (form, lists, gallery, browser) as TermUI programs
        //    driving the headless screenlets. Pure views and updates: no curses, testable headless.
        .target(name: "Screens", dependencies: ["DDM", "Screenlets", "TermUI"]),

        // Test support for TermUI screens: grid-to-text rendering and golden snapshot files.
        .target(name: "TermUITesting", dependencies: ["TermUI"]),

        // The embedded portal emulator: a real HTTP server answering as a Liferay 6.2 or 7.x portal.
        .target(
            name: "PortalEmulator",
            dependencies: [
                "DDM",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                // Only to close a connection on purpose (fault injection) and read the peer address.
                .product(name: "NIOCore", package: "swift-nio"),
                // To stop the server gracefully (a cancelled server can trap on a connection it accepted).
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // 7. The command-line program.
        .executableTarget(
            name: "termlets",
            dependencies: [
                "DDM",
                "PortalClient",
                "OfflineStore",
                "Sync",
                "Screenlets",
                "BookmarksExample",
                "TermUI",
                "Screens",
                "CursesBackend",
                "PortalEmulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The release binary links the Swift runtime and Foundation statically (what
            // `--static-swift-stdlib` does): fewer pages touched at start and no dynamic
            // relocation of the runtime; see docs/benchmarks.md, "Side by side with dialog".
            // The flag is needed when compiling too, or Foundation's static dependencies
            // (_FoundationICU, …) are not linked. Debug builds and tests keep the shared runtime.
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [.unsafeFlags(releaseLinkerFlags, .when(platforms: [.linux], configuration: .release))]
        ),

        // Helpers shared by the test targets: temporary folders, deadlines, the real binary, tmux.
        .target(name: "TermletsTestSupport", path: "Tests/Support"),

        .testTarget(name: "DDMTests", dependencies: ["DDM", "TermletsTestSupport"]),
        .testTarget(
            name: "PortalClientTests",
            dependencies: [
                "PortalClient",
                "PortalEmulator",
                "DDM",
                "TermletsTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "OfflineStoreTests", dependencies: ["OfflineStore", "DDM"]),
        .testTarget(
            name: "SyncTests",
            dependencies: ["Sync", "OfflineStore", "PortalClient", "PortalEmulator", "DDM", "TermletsTestSupport"]
        ),
        .testTarget(
            name: "ScreenletsTests",
            dependencies: [
                "Screenlets", "BookmarksExample", "DDM", "PortalClient", "OfflineStore", "PortalEmulator", "TermletsTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The form screenlet against an in-process portal emulator and a temporary offline store.
        .testTarget(
            name: "FormScreenletTests",
            dependencies: [
                "Screenlets", "Sync", "DDM", "PortalClient", "OfflineStore", "PortalEmulator", "TermletsTestSupport",
            ]
        ),
        .testTarget(
            name: "TermUITests",
            dependencies: ["TermUI", "TermUITesting", "TermletsTestSupport"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "ScreensTests",
            dependencies: [
                "Screens", "Screenlets", "BookmarksExample", "DDM", "TermUI", "TermUITesting", "TermletsTestSupport",
                // The form screen's tests drive the real screenlet on an in-process emulator.
                "PortalEmulator", "PortalClient", "OfflineStore",
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "PortalEmulatorTests",
            dependencies: ["PortalEmulator", "DDM", "TermletsTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // Drives the real `termlets` binary: exit codes, output shapes, terminal sessions in tmux.
        .testTarget(name: "TermletsCLITests", dependencies: ["TermletsTestSupport", "DDM"]),
        // The curses backend: bytes written on a file terminal, and the real binary in tmux.
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "TermUI", "TermletsTestSupport"]),
    ]
)

// Release builds on Linux put every function of the project's own modules in a section of its own,
// so that the link's order file (above) lays only the functions a form screen runs side by side,
// instead of each whole object file that holds one of them (docs/benchmarks.md, "Fifth round of
// issue 17"). Dependencies keep their own settings (SwiftPM applies none of ours to them).
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? [])
        + [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))]
}
