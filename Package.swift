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
        .library(name: "TermUI", targets: ["TermUI"]),
        .library(name: "TermUITesting", targets: ["TermUITesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // 1. Structures, fields, typed values, validation, localisation, JSON. Pure: no I/O, no UI.
        .target(name: "DDM"),

        // 5. Terminal UI core: grid of cells, styles, Unicode width, frame diff, input decoding,
        //    key map, text editing, Elm-style runtime. No curses: testable headless.
        .target(name: "TermUI"),

        // Test support for TermUI screens: grid-to-text rendering and golden snapshot files.
        .target(name: "TermUITesting", dependencies: ["TermUI"]),

        // 7. The command-line program.
        .executableTarget(
            name: "termlets",
            dependencies: [
                "DDM",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "DDMTests", dependencies: ["DDM"]),
        .testTarget(
            name: "TermUITests",
            dependencies: ["TermUI", "TermUITesting"],
            exclude: ["__Snapshots__"]
        ),
    ]
)
