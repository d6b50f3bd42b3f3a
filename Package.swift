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
        .library(name: "PortalClient", targets: ["PortalClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
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
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

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
            name: "PortalClientTests",
            dependencies: [
                "PortalClient",
                "DDM",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ]
)
