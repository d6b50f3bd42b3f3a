// swift-tools-version: 6.0
// Termlets: Liferay Screens' screenlets (DDL form, DDL list, gallery, custom lists) in the terminal.
// Layers, bottom to top; each target imports only those below it (docs/architecture.md).
import PackageDescription

let package = Package(
    name: "Termlets",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "termlets", targets: ["termlets"]),
        .library(name: "DDM", targets: ["DDM"]),
        .library(name: "OfflineStore", targets: ["OfflineStore"]),
        .library(name: "Screenlets", targets: ["Screenlets"]),
        .library(name: "TermUI", targets: ["TermUI"]),
        .library(name: "CursesBackend", targets: ["CursesBackend"]),
        .library(name: "TermUITesting", targets: ["TermUITesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // 1. Structures, fields, typed values, validation, localisation, JSON. Pure: no I/O, no UI.
        .target(name: "DDM"),

        // 3. Offline store: SQLite cache per (server, user), load and submit policies, the pending
        //    write queue the sync engine drains.
        .target(
            name: "OfflineStore",
            dependencies: [
                "DDM",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // 4. Screenlets: headless controllers, fluent pagination, custom lists, typed events.
        //    No HTTP, SQLite or terminal here: loaders and renderers are protocols.
        .target(name: "Screenlets", dependencies: ["DDM"]),
        // 5. Terminal UI core: grid of cells, styles, Unicode width, frame diff, input decoding,
        //    key map, text editing, Elm-style runtime. No curses: testable headless.
        .target(name: "TermUI"),

        // 6. Curses backend: the only code that touches ncurses (through the CNcurses shim). Draws
        //    frame diffs, reads input, restores the terminal on every exit (docs/curses.md).
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        .target(name: "CursesBackend", dependencies: ["CNcurses", "TermUI"]),

        // Test support for TermUI screens: grid-to-text rendering and golden snapshot files.
        .target(name: "TermUITesting", dependencies: ["TermUI"]),

        // 7. The command-line program.
        .executableTarget(
            name: "termlets",
            dependencies: [
                "DDM",
                "TermUI",
                "CursesBackend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Helpers shared by the test targets: temporary folders, deadlines, the real binary, tmux.
        .target(name: "TermletsTestSupport", path: "Tests/Support"),

        .testTarget(name: "DDMTests", dependencies: ["DDM"]),
        .testTarget(name: "OfflineStoreTests", dependencies: ["OfflineStore", "DDM"]),
        .testTarget(name: "ScreenletsTests", dependencies: ["Screenlets", "DDM"]),
        // Drives the real `termlets` binary: exit codes, output shapes, terminal sessions in tmux.
        .testTarget(name: "TermletsCLITests", dependencies: ["TermletsTestSupport"]),
        // The curses backend: bytes written on a file terminal, and the real binary in tmux.
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "TermUI", "TermletsTestSupport"]),
        .testTarget(
            name: "TermUITests",
            dependencies: ["TermUI", "TermUITesting"],
            exclude: ["__Snapshots__"]
        ),
    ]
)
