// swift-tools-version:6.0
// BlueLibrary: a music-album library with one core and three faces (CLI, terminal UI, web UI).
// The folder names show the design: a Model (Core), persistence (Storage), the LibraryAPI facade over
// services (Services), the UI-agnostic controller (Presentation) and the faces (executables).
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // Release builds call generic metadata accessors directly instead of demangling a type's name at run
    // time: demangling checks each generic requirement by scanning every protocol conformance in the
    // binary, about half a million instructions at every start of `bluelibrary list` (issue 11).
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
        .when(configuration: .release)),
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
        // The TagLib shim as a library of its own, which bluelibrary loads with dlopen beside itself the first
        // time it reads an audio file (see Sources/CTagLibLoader); build it with the executable.
        .library(name: "BlueLibraryTagLib", type: .dynamic, targets: ["CTagLib"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // PNG and JPEG decoding over libpng and libjpeg, loaded with dlopen on first use: only the commands
        // that draw or check covers decode images (see its header).
        .target(name: "CImageCodecs"),
        // GNU libmicrohttpd, loaded with dlopen on first use: only `serve` needs it (see its header).
        .target(name: "CMicroHTTPD"),
        // SHA-256 from OpenSSL's libcrypto, loaded with dlopen on first use (see its header).
        .target(name: "CCrypto"),
        // HTTP(S) over libcurl, loaded with dlopen on first use: only covers and sync need it (see its header).
        .target(name: "CCurl"),
        // Names a thread and counts the processors a process may use (GNU calls Swift's Glibc module lacks).
        .target(name: "CThreads"),
        // Dedicated threads for blocking work (SQLite, files, hashing), off the cooperative pool.
        .target(name: "BlueLibraryConcurrency", dependencies: ["CThreads"], swiftSettings: strict),
        // TagLib (C++) behind a C interface of one read and one free function
        // (Sources/CTagLibLoader/include/bl_taglib.h), built only into libBlueLibraryTagLib.so. SwiftPM links
        // every library with the Swift runtime's start-up object; a release build takes the runtime
        // statically, as the executable does, so the shim needs no Swift toolchain where it is installed.
        .target(
            name: "CTagLib",
            linkerSettings: [
                .linkedLibrary("tag"), .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
            ]
        ),
        // Loads libBlueLibraryTagLib.so with dlopen on the first read: only `import DIR` and embedded covers
        // read audio files, and linking TagLib made every command load it and the C++ library at start-up.
        .target(name: "CTagLibLoader"),
        .target(name: "BlueLibraryCore", swiftSettings: strict),
        .target(
            name: "BlueLibraryScanner",
            dependencies: ["BlueLibraryCore", "BlueLibraryConcurrency", "CTagLibLoader"],
            swiftSettings: strict
        ),
        .target(
            name: "BlueLibraryCovers",
            dependencies: [
                "BlueLibraryCore", "BlueLibraryConcurrency", "CImageCodecs", "CCrypto", "SystemFiles",
            ],
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
        // Files and descriptors on POSIX calls: every byte written, files replaced atomically, whole files
        // read and written, directories listed and made (one way for all).
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
            swiftSettings: strict,
            // Release links the C++ runtime statically too (see link/static-libstdc++/libstdc++.so).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-L", Context.packageDirectory + "/link/static-libstdc++",
                        "-Xlinker", "--exclude-libs", "-Xlinker", "libstdc++.a",
                    ],
                    .when(configuration: .release))
            ]
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
