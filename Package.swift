// swift-tools-version:6.0
// BlueLibrary: a music-album library with one core and three faces (CLI, terminal UI, web UI).
// The folder names show the design: a Model (Core), persistence (Storage), the LibraryAPI facade over
// services (Services), the UI-agnostic controller (Presentation) and the faces (executables).
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

/// What every Recordings architecture module may use: the model, audio, the shared interface facts and
/// the toolkit — never another architecture.
let recordingsArchitecture: [Target.Dependency] = [
    "RecordingsModel", "RecordingsAudio", "RecordingsUI", "TerminalKit",
]

let package = Package(
    name: "BlueLibrary",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bluelibrary", targets: ["bluelibrary"]),
        .executable(name: "patterns", targets: ["patterns"]),
        .executable(name: "recordings", targets: ["recordings"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CImageCodecs",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "libjpeg-dev"])]
        ),
        // GNU libmicrohttpd, loaded with dlopen on first use: only `serve` needs it (see its header).
        .target(name: "CMicroHTTPD"),
        // SHA-256 from OpenSSL's libcrypto, loaded with dlopen on first use (see its header).
        .target(name: "CCrypto"),
        // HTTP(S) over libcurl, loaded with dlopen on first use: only covers and sync need it (see its header).
        .target(name: "CCurl"),
        // Dedicated threads for blocking work (SQLite, files, hashing), off the cooperative pool.
        .target(name: "BlueLibraryConcurrency", swiftSettings: strict),
        // TagLib (C++) behind a C interface of one read and one free function (Sources/CTagLib/include).
        .target(
            name: "CTagLib",
            linkerSettings: [.linkedLibrary("tag")]
        ),
        .target(name: "BlueLibraryCore", swiftSettings: strict),
        .target(
            name: "BlueLibraryScanner",
            dependencies: ["BlueLibraryCore", "CTagLib"],
            swiftSettings: strict
        ),
        .target(
            name: "BlueLibraryCovers",
            dependencies: ["BlueLibraryCore", "BlueLibraryConcurrency", "CImageCodecs", "CCrypto"],
            swiftSettings: strict
        ),
        .target(
            name: "BlueLibraryStorage",
            dependencies: ["BlueLibraryCore", "BlueLibraryConcurrency", "CSQLite"],
            swiftSettings: strict
        ),
        .target(
            name: "BlueLibraryServices",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryConcurrency", "BlueLibraryStorage", "BlueLibraryCovers",
                "BlueLibraryScanner", "SystemFiles",
                "CCurl",
            ],
            swiftSettings: strict
        ),
        .target(
            name: "BlueLibraryPresentation",
            dependencies: ["BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryServices"],
            swiftSettings: strict
        ),
        .target(
            name: "BlueLibraryWeb",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryConcurrency", "BlueLibraryCovers", "BlueLibraryServices",
                "BlueLibraryPresentation", "CMicroHTTPD",
            ],
            resources: [
                .embedInCode("Page/index.html"), .embedInCode("Page/app.css"), .embedInCode("Page/app.js"),
            ],
            swiftSettings: strict
        ),
        // The terminal toolkit both terminal apps share: raw-mode session, screen, frame diffing, keys,
        // colour strategies and a few retained widgets.
        // Writing files and descriptors: every byte, and files replaced atomically (one way for all).
        .target(name: "SystemFiles", swiftSettings: strict),
        .target(name: "TerminalKit", dependencies: ["SystemFiles"], swiftSettings: strict),
        .target(
            name: "BlueLibraryTerminal",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryServices", "BlueLibraryPresentation",
                "TerminalKit",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bluelibrary",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryStorage", "BlueLibraryServices",
                "BlueLibraryPresentation", "BlueLibraryTerminal", "BlueLibraryWeb", "TerminalKit",
                "SystemFiles",
            ],
            swiftSettings: strict
        ),
        .target(
            name: "BlueLibraryTestSupport",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryConcurrency", "BlueLibraryStorage", "BlueLibraryServices",
            ],
            swiftSettings: strict
        ),
        // Recordings: the voice-notes app of the architecture book, one model, one audio module, the
        // shared terminal toolkit, and five modules — one per architecture — that never import each other.
        .systemLibrary(
            name: "CALSA",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        .target(
            name: "RecordingsModel", dependencies: ["BlueLibraryCore", "SystemFiles"], swiftSettings: strict),
        .target(name: "RecordingsAudio", dependencies: ["CALSA", "SystemFiles"], swiftSettings: strict),
        // What every architecture shows and takes the same way: keys, strings, the play pane's layout,
        // restoration, and the protocol the runner and the acceptance suite drive.
        .target(
            name: "RecordingsUI",
            dependencies: ["RecordingsModel", "RecordingsAudio", "TerminalKit"],
            swiftSettings: strict
        ),
        .target(name: "RecordingsMVC", dependencies: recordingsArchitecture, swiftSettings: strict),
        .target(name: "RecordingsMVVMC", dependencies: recordingsArchitecture, swiftSettings: strict),
        .target(name: "RecordingsMVCVS", dependencies: recordingsArchitecture, swiftSettings: strict),
        .target(name: "RecordingsMAVB", dependencies: recordingsArchitecture, swiftSettings: strict),
        .target(name: "RecordingsTEA", dependencies: recordingsArchitecture, swiftSettings: strict),
        .target(
            name: "RecordingsLauncher",
            dependencies: [
                "RecordingsModel", "RecordingsAudio", "RecordingsUI", "TerminalKit", "RecordingsMVC",
                "RecordingsMVVMC", "RecordingsMVCVS", "RecordingsMAVB", "RecordingsTEA",
            ],
            swiftSettings: strict
        ),
        .executableTarget(name: "recordings", dependencies: ["RecordingsLauncher"], swiftSettings: strict),
        .testTarget(
            name: "RecordingsModelTests",
            dependencies: ["RecordingsModel", "BlueLibraryTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "RecordingsAudioTests",
            dependencies: ["RecordingsAudio", "BlueLibraryTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "RecordingsAcceptanceTests",
            dependencies: [
                "RecordingsModel", "RecordingsAudio", "RecordingsUI", "RecordingsLauncher", "TerminalKit",
                "BlueLibraryTestSupport",
            ],
            exclude: ["Snapshots"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "RecordingsCLITests",
            dependencies: ["RecordingsLauncher", "BlueLibraryTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"], swiftSettings: strict),
        // The design-pattern catalog: one runnable example system per pattern, and its runner.
        .target(name: "DesignPatterns", swiftSettings: strict),
        .executableTarget(name: "patterns", dependencies: ["DesignPatterns"], swiftSettings: strict),
        .testTarget(name: "DesignPatternsTests", dependencies: ["DesignPatterns"], swiftSettings: strict),
        .testTarget(
            name: "BlueLibraryCoreTests",
            dependencies: ["BlueLibraryCore"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BlueLibraryCoversTests",
            dependencies: ["BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BlueLibraryScannerTests",
            dependencies: ["BlueLibraryCore", "BlueLibraryScanner", "BlueLibraryTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BlueLibraryStorageTests",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryConcurrency", "BlueLibraryStorage", "BlueLibraryTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BlueLibraryServicesTests",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryStorage", "BlueLibraryServices",
                "BlueLibraryTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BlueLibraryPresentationTests",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryStorage", "BlueLibraryServices",
                "BlueLibraryPresentation", "BlueLibraryTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BlueLibraryTerminalTests",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryStorage", "BlueLibraryServices",
                "BlueLibraryPresentation", "BlueLibraryTerminal", "BlueLibraryWeb", "BlueLibraryTestSupport",
                "TerminalKit",
            ],
            exclude: ["Snapshots"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BlueLibraryWebTests",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryStorage", "BlueLibraryServices",
                "BlueLibraryScanner", "BlueLibraryWeb", "BlueLibraryTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BlueLibraryCLITests",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryStorage", "BlueLibraryServices",
                "BlueLibraryTestSupport",
            ],
            exclude: ["Snapshots"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
