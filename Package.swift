// swift-tools-version:6.0
// Two apps over one shared kit, each layered; the folders under Sources/ say the same:
//   BlueLibrary/  the album library: Core (model, query language, no I/O), Store (the store's interface)
//                 with its two engines SQLite and Postgres, Scanner, Covers, Networking, Services (the
//                 LibraryAPI facade), FolderImport, Presentation, HTTP (the server), Subsonic, Web,
//                 Terminal, CLI
//   Recordings/   the voice-notes app of the architecture book: Model, Audio, UI, one module per
//                 architecture (MVC, MVVMC, MVCVS, MAVB, TEA), Launcher, App
//   Shared/       what both use: TerminalKit, Audio (AudioKit), SystemFiles, Concurrency, Diagnostics;
//                 TestSupport (tests only)
//   C/            system libraries and thin C shims, one dynamic loader for them all
//   Catalog/      the design-pattern catalog and its runner
// Every target lists exactly the modules its files import.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // Release builds call generic metadata accessors directly instead of demangling a type's name at run
    // time: demangling checks each generic requirement by scanning every protocol conformance in the
    // binary, about half a million instructions at every start of `bluelibrary list`.
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
        .when(configuration: .release)),
]

/// A Swift target of this package, in its folder, compiled in strict mode.
func module(
    _ name: String, _ path: String, _ dependencies: [Target.Dependency] = [], exclude: [String] = [],
    resources: [Resource]? = nil
) -> Target {
    .target(
        name: name, dependencies: dependencies, path: "Sources/" + path, exclude: exclude,
        resources: resources,
        swiftSettings: strict)
}

/// A C target of this package (a thin shim over a library loaded with dlopen, or a few GNU calls).
func cModule(_ name: String, _ dependencies: [Target.Dependency] = [], linkerSettings: [LinkerSetting]? = nil)
    -> Target
{
    .target(name: name, dependencies: dependencies, path: "Sources/C/" + name, linkerSettings: linkerSettings)
}

/// A test target in the folder that mirrors its module's.
func tests(_ name: String, _ path: String, _ dependencies: [Target.Dependency], exclude: [String] = [])
    -> Target
{
    .testTarget(
        name: name, dependencies: dependencies, path: "Tests/" + path, exclude: exclude, swiftSettings: strict
    )
}

/// What every Recordings architecture module may use: the model, audio, the shared interface facts and
/// the toolkit — never another architecture.
let recordingsArchitecture: [Target.Dependency] = [
    "AudioKit", "RecordingsModel", "RecordingsAudio", "RecordingsUI", "TerminalKit",
]

let package = Package(
    name: "BlueLibrary",
    products: [
        .executable(name: "bluelibrary", targets: ["bluelibrary"]),
        .executable(name: "patterns", targets: ["patterns"]),
        .executable(name: "recordings", targets: ["recordings"]),
        // The TagLib shim as a library of its own, which bluelibrary loads with dlopen beside itself the first
        // time it reads an audio file (see Sources/C/CTagLibLoader); build it with the executable.
        .library(name: "BlueLibraryTagLib", type: .dynamic, targets: ["CTagLib"]),
    ],
    targets: [
        // MARK: C libraries
        .systemLibrary(
            name: "CSQLite", path: "Sources/C/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // Loads a shared library on first use: the names to try, an environment override, a symbol table
        // filled in one go, once per process, a reason per call. The targets below reach their libraries
        // through it, so that no command loads a library it does not use (see its header).
        cModule("CDynamicLoader"),
        // PNG and JPEG decoding over libpng and libjpeg, loaded on first use: only the commands that draw or
        // check covers decode images (see its header).
        cModule("CImageCodecs", ["CDynamicLoader"]),
        // GNU libmicrohttpd, loaded on first use: only `serve` needs it (see its header).
        cModule("CMicroHTTPD", ["CDynamicLoader"]),
        // SHA-256 from OpenSSL's libcrypto, loaded on first use (see its header).
        cModule("CCrypto", ["CDynamicLoader"]),
        // HTTP(S) over libcurl, loaded on first use: only covers and sync need it (see its header).
        cModule("CCurl", ["CDynamicLoader"]),
        // PostgreSQL's client library, libpq, loaded on first use: only a library kept in PostgreSQL needs it
        // (see its header; the build needs libpq-dev's header only).
        cModule("CPostgres", ["CDynamicLoader"]),
        // ALSA's libasound, loaded with the first sound device: only playing and recording need it (see its
        // header; the build needs libasound2-dev's header only).
        cModule("CALSA", ["CDynamicLoader"]),
        // libsndfile, loaded on first use: it decodes WAV, FLAC, Ogg Vorbis, Opus and MP3 for playback (see
        // its header; the build needs libsndfile1-dev's header only).
        cModule("CSndFile", ["CDynamicLoader"]),
        // FFmpeg's decoding libraries, loaded on first use: they play what libsndfile does not read, such as
        // AAC in M4A (see its header; the build needs the headers of libavformat-dev and its siblings only).
        cModule("CFFmpeg", ["CDynamicLoader"]),
        // Names a thread and counts the processors a process may use (GNU calls Swift's Glibc module lacks).
        cModule("CThreads"),
        // TagLib (C++) behind a C interface of one read and one free function
        // (Sources/C/CTagLibLoader/include/bl_taglib.h), built only into libBlueLibraryTagLib.so. SwiftPM links
        // every library with the Swift runtime's start-up object; a release build takes the runtime
        // statically, as the executable does, so the shim needs no Swift toolchain where it is installed.
        cModule(
            "CTagLib",
            linkerSettings: [
                .linkedLibrary("tag"), .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
            ]),
        // Loads libBlueLibraryTagLib.so on the first read: only `import DIR` and embedded covers read audio
        // files, and linking TagLib made every command load it and the C++ library at start-up.
        cModule("CTagLibLoader", ["CDynamicLoader"]),

        // MARK: Shared
        // What every module reports errors and exits with: one coded error type, the sysexits statuses.
        module("Diagnostics", "Shared/Diagnostics"),
        // Files and descriptors on POSIX calls: every byte written, files replaced atomically, whole files
        // read and written, directories listed and made (one way for all).
        module("SystemFiles", "Shared/SystemFiles"),
        // Dedicated threads for blocking work (SQLite, files, hashing), off the cooperative pool.
        module("BlueLibraryConcurrency", "Shared/Concurrency", ["CThreads"]),
        // The terminal toolkit both terminal apps share: raw-mode session, run loop (waiting on a thread of
        // the concurrency module's), screen, frame diffing,
        // keys, colour strategies and a few retained widgets.
        module("TerminalKit", "Shared/TerminalKit", ["BlueLibraryConcurrency", "SystemFiles"]),
        // Sound both apps share: ALSA playback (and the device recording uses), players that stream files from
        // a feeding thread of their own (one recording, or an album with the next track opened ahead), their
        // twins for tests, decoding through libsndfile and FFmpeg, and the app's monotonic clock.
        module(
            "AudioKit", "Shared/Audio",
            ["BlueLibraryConcurrency", "CALSA", "CFFmpeg", "CSndFile", "Diagnostics"]),
        // Fixtures and helpers for the tests only (temporary folders, fixture servers, tmux, ffmpeg, a PostgreSQL
        // cluster).
        module(
            "TestSupport", "Shared/TestSupport",
            [
                "AudioKit", "BlueLibraryConcurrency", "BlueLibraryCore", "BlueLibraryPostgres",
                "BlueLibrarySQLite", "BlueLibraryScanner", "BlueLibraryServices", "BlueLibraryStore",
                "RecordingsAudio",
            ]),

        // MARK: BlueLibrary
        module("BlueLibraryCore", "BlueLibrary/Core", ["Diagnostics"]),
        // The store's interface, split by what it keeps (albums and their positions, tracks, history, users'
        // data, the catalogue's reads), and what both engines share: the SQL of a query, the positions'
        // buckets, the copy of a whole library. The engines below are its siblings; neither sees the other.
        module("BlueLibraryStore", "BlueLibrary/Store", ["BlueLibraryCore"]),
        // The default store: one SQLite file, one writer and a reader per core.
        module(
            "BlueLibrarySQLite", "BlueLibrary/SQLite",
            ["BlueLibraryCore", "BlueLibraryConcurrency", "BlueLibraryStore", "CSQLite", "SystemFiles"]),
        // A PostgreSQL connection on a thread of its own, driven without blocking in libpq, and the library
        // store written on it: what many servers share. A command on a SQLite library never touches it.
        module(
            "BlueLibraryPostgres", "BlueLibrary/Postgres",
            ["BlueLibraryCore", "BlueLibraryConcurrency", "BlueLibraryStore", "CPostgres", "Diagnostics"]),
        module(
            "BlueLibraryScanner", "BlueLibrary/Scanner",
            ["BlueLibraryCore", "BlueLibraryConcurrency", "CTagLibLoader", "SystemFiles"]),
        module(
            "BlueLibraryCovers", "BlueLibrary/Covers",
            ["BlueLibraryCore", "BlueLibraryConcurrency", "CImageCodecs", "CCrypto", "SystemFiles"]),
        // HTTP over libcurl, a caching proxy in front of it (the covers' cache keeps what it fetches), deadlines
        // and limits.
        module(
            "BlueLibraryNetworking", "BlueLibrary/Networking",
            ["BlueLibraryConcurrency", "BlueLibraryCore", "CCurl"]),
        // The facade over the store (LibraryAPI, OneReadLibrary) and the services beside it: covers, sync,
        // MusicBrainz, the services' lifecycle.
        module(
            "BlueLibraryServices", "BlueLibrary/Services",
            [
                "BlueLibraryConcurrency", "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryNetworking",
                "BlueLibraryPostgres", "BlueLibrarySQLite", "BlueLibraryStore", "CCrypto", "SystemFiles",
            ]),
        // Music folders: the scan made part of the library through the facade.
        module(
            "BlueLibraryFolderImport", "BlueLibrary/FolderImport",
            [
                "BlueLibraryConcurrency", "BlueLibraryCore", "BlueLibraryScanner", "BlueLibraryServices",
                "BlueLibraryStore",
            ]),
        module(
            "BlueLibraryPresentation", "BlueLibrary/Presentation",
            ["BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryServices"]),
        // The HTTP server over libmicrohttpd: requests and responses, connections and their limits, files
        // sent from their descriptors. It knows nothing of the library: the faces below hand it a handler.
        module(
            "BlueLibraryHTTP", "BlueLibrary/HTTP",
            ["BlueLibraryConcurrency", "BlueLibraryCore", "CMicroHTTPD", "SystemFiles"]),
        // Tracks in another format or at a lower bit rate, encoded in process by FFmpeg's libraries and
        // streamed as they are made; finished transcodes kept in a cache.
        module(
            "BlueLibraryTranscoding", "BlueLibrary/Transcoding",
            [
                "AudioKit", "BlueLibraryConcurrency", "BlueLibraryCore", "BlueLibraryHTTP",
                "BlueLibraryServices",
                "SystemFiles",
            ]),
        // The Subsonic and OpenSubsonic API music apps speak, at `/rest/`: logins, the catalogue by tags,
        // streams, covers, stars, plays and playlists, over the facade; the web face mounts it.
        module(
            "BlueLibrarySubsonic", "BlueLibrary/Subsonic",
            [
                "AudioKit", "BlueLibraryConcurrency", "BlueLibraryCore", "BlueLibraryCovers",
                "BlueLibraryHTTP",
                "BlueLibraryServices", "BlueLibraryTranscoding",
            ]),
        module(
            "BlueLibraryWeb", "BlueLibrary/Web",
            [
                "BlueLibraryConcurrency", "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryHTTP",
                "BlueLibraryServices", "BlueLibrarySubsonic", "BlueLibraryTranscoding", "SystemFiles",
            ],
            resources: [
                .embedInCode("Page/index.html"), .embedInCode("Page/app.css"), .embedInCode("Page/app.js"),
                .embedInCode("Page/account.js"), .embedInCode("Page/favourites.js"),
                .embedInCode("Page/playlists.js"), .embedInCode("Page/toplaylist.js"),
                .embedInCode("Page/album.js"), .embedInCode("Page/albums.js"), .embedInCode("Page/api.js"),
                .embedInCode("Page/dom.js"), .embedInCode("Page/grid.js"), .embedInCode("Page/lists.js"),
                .embedInCode("Page/pages.js"), .embedInCode("Page/player.js"), .embedInCode("Page/queue.js"),
                .embedInCode("Page/queuepanel.js"), .embedInCode("Page/rail.js"),
                .embedInCode("Page/lyrics.js"), .embedInCode("Page/radio.js"),
                .embedInCode("Page/scroller.js"),
                .embedInCode("Page/search.js"), .embedInCode("Page/trackresults.js"),
                .embedInCode("Page/tracks.js"),
                .embedInCode("Page/virtual.js"), .embedInCode("Page/icon.svg"),
            ]),
        module(
            "BlueLibraryTerminal", "BlueLibrary/Terminal",
            [
                "AudioKit", "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryServices",
                "BlueLibraryPresentation", "TerminalKit",
            ]),
        .executableTarget(
            name: "bluelibrary",
            dependencies: [
                "AudioKit", "BlueLibraryConcurrency", "BlueLibraryCore", "BlueLibraryCovers",
                "BlueLibraryFolderImport",
                "BlueLibraryHTTP", "BlueLibraryNetworking", "BlueLibraryPresentation", "BlueLibraryScanner",
                "BlueLibraryServices", "BlueLibrarySubsonic",
                "BlueLibraryTerminal", "BlueLibraryTranscoding", "BlueLibraryWeb", "Diagnostics",
                "SystemFiles",
                "TerminalKit",
            ],
            path: "Sources/BlueLibrary/CLI",
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

        // MARK: Recordings
        module("RecordingsModel", "Recordings/Model", ["Diagnostics", "SystemFiles"]),
        // Recording, and the WAV files recordings are kept in, over the shared sound module.
        module("RecordingsAudio", "Recordings/Audio", ["AudioKit", "SystemFiles"]),
        // What every architecture shows and takes the same way: keys, strings, the play pane's layout,
        // restoration, and the protocol the runner and the acceptance suite drive.
        module(
            "RecordingsUI", "Recordings/UI",
            ["AudioKit", "RecordingsModel", "RecordingsAudio", "TerminalKit"]),
        module("RecordingsMVC", "Recordings/MVC", recordingsArchitecture),
        module("RecordingsMVVMC", "Recordings/MVVMC", recordingsArchitecture),
        module("RecordingsMVCVS", "Recordings/MVCVS", recordingsArchitecture),
        module("RecordingsMAVB", "Recordings/MAVB", recordingsArchitecture),
        module("RecordingsTEA", "Recordings/TEA", recordingsArchitecture),
        module(
            "RecordingsLauncher", "Recordings/Launcher",
            recordingsArchitecture + [
                "Diagnostics", "RecordingsMVC", "RecordingsMVVMC", "RecordingsMVCVS", "RecordingsMAVB",
                "RecordingsTEA",
            ]),
        .executableTarget(
            name: "recordings", dependencies: ["RecordingsLauncher"], path: "Sources/Recordings/App",
            swiftSettings: strict),

        // MARK: Catalog
        // The design-pattern catalog: one runnable example system per pattern, and its runner.
        module("DesignPatterns", "Catalog/DesignPatterns"),
        .executableTarget(
            name: "patterns", dependencies: ["DesignPatterns"], path: "Sources/Catalog/Runner",
            swiftSettings: strict),

        // MARK: Tests
        tests("BlueLibraryCoreTests", "BlueLibrary/CoreTests", ["BlueLibraryCore"]),
        tests(
            "BlueLibraryStorageTests", "BlueLibrary/StorageTests",
            [
                "BlueLibraryConcurrency", "BlueLibraryCore", "BlueLibraryPostgres", "BlueLibraryServices",
                "BlueLibrarySQLite", "BlueLibraryStore", "TestSupport",
            ]),
        tests(
            "BlueLibraryScannerTests", "BlueLibrary/ScannerTests",
            ["BlueLibraryCore", "BlueLibraryScanner", "TestSupport"]),
        tests(
            "BlueLibraryCoversTests", "BlueLibrary/CoversTests",
            ["BlueLibraryCore", "BlueLibraryCovers", "TestSupport"], exclude: ["Fixtures"]),
        tests(
            "BlueLibraryServicesTests", "BlueLibrary/ServicesTests",
            [
                "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryNetworking", "BlueLibraryServices",
                "BlueLibraryStore", "SystemFiles", "TestSupport",
            ]),
        tests("BlueLibraryNetworkingTests", "BlueLibrary/NetworkingTests", ["BlueLibraryNetworking"]),
        tests(
            "BlueLibraryFolderImportTests", "BlueLibrary/FolderImportTests",
            [
                "BlueLibraryCore", "BlueLibraryFolderImport", "BlueLibraryScanner", "BlueLibraryServices",
                "TestSupport",
            ]),
        tests(
            "BlueLibraryPresentationTests", "BlueLibrary/PresentationTests",
            [
                "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryPresentation", "BlueLibraryServices",
                "BlueLibraryStore", "TestSupport",
            ]),
        tests(
            "BlueLibraryTerminalTests", "BlueLibrary/TerminalTests",
            [
                "AudioKit", "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryHTTP",
                "BlueLibraryPresentation",
                "BlueLibrarySQLite", "BlueLibraryServices", "BlueLibraryStore", "BlueLibraryTerminal",
                "BlueLibraryWeb", "TerminalKit", "TestSupport",
            ],
            exclude: ["Snapshots"]),
        tests(
            "BlueLibraryWebTests", "BlueLibrary/WebTests",
            [
                "AudioKit", "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryFolderImport",
                "BlueLibraryHTTP",
                "BlueLibraryNetworking", "BlueLibrarySQLite", "BlueLibraryScanner", "BlueLibraryServices",
                "BlueLibraryStore", "BlueLibrarySubsonic", "BlueLibraryTranscoding", "BlueLibraryWeb",
                "TestSupport",
            ]),
        tests(
            "BlueLibraryCLITests", "BlueLibrary/CLITests",
            [
                "BlueLibraryCore", "BlueLibraryCovers", "BlueLibraryHTTP", "BlueLibraryPostgres",
                "BlueLibrarySQLite",
                "BlueLibraryServices", "BlueLibraryStore", "BlueLibrarySubsonic", "BlueLibraryWeb",
                "TestSupport",
            ],
            exclude: ["Snapshots"]),
        tests(
            "BlueLibraryPostgresTests", "BlueLibrary/PostgresTests", ["BlueLibraryPostgres", "TestSupport"]),
        tests("RecordingsModelTests", "Recordings/ModelTests", ["RecordingsModel", "TestSupport"]),
        tests(
            "RecordingsAudioTests", "Recordings/AudioTests", ["AudioKit", "RecordingsAudio", "TestSupport"]),
        tests(
            "RecordingsAcceptanceTests", "Recordings/AcceptanceTests",
            [
                "AudioKit", "RecordingsAudio", "RecordingsLauncher", "RecordingsModel", "RecordingsUI",
                "TerminalKit", "TestSupport",
            ],
            exclude: ["Snapshots"]),
        tests("RecordingsCLITests", "Recordings/CLITests", ["RecordingsLauncher", "TestSupport"]),
        tests("TerminalKitTests", "Shared/TerminalKitTests", ["TerminalKit"]),
        tests("AudioKitTests", "Shared/AudioKitTests", ["AudioKit", "TestSupport"]),
        tests("SystemFilesTests", "Shared/SystemFilesTests", ["SystemFiles", "TestSupport"]),
        tests("DiagnosticsTests", "Shared/DiagnosticsTests", ["Diagnostics"]),
        tests("CDynamicLoaderTests", "C/CDynamicLoaderTests", ["CDynamicLoader", "TestSupport"]),
        tests("DesignPatternsTests", "Catalog/DesignPatternsTests", ["DesignPatterns", "TestSupport"]),
        // The package itself: its graph declares what its files import.
        tests("PackageTests", "PackageTests", ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
