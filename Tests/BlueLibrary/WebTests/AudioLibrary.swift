import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryScanner
import BlueLibraryServices
import Foundation
import TestSupport

/// A music folder made by ffmpeg at test time (``AudioFixtures``), imported into `library`: one album,
/// "Sines" by Oscillator, a track per file in the order given.
struct AudioLibrary {
    let folder = TemporaryDirectory("bluelibrary-web-audio")
    let album: Album
    let tracks: [Track]

    /// The file names of a folder with one file of every format the scanner reads, `.mp4` and an
    /// upper-case extension included.
    static let everyFormat =
        AudioFixtures.Format.allCases.map { "\($0.rawValue).\($0.rawValue)" } + [
            "m4a copy.mp4", "LOUD.MP3",
        ]

    /// Writes `names` (the extension picks the format; `.mp4` is an MP4 file too) and imports the folder.
    init(_ library: LibraryAPI, names: [String] = ["one.wav", "two.wav"]) async throws {
        for (number, name) in names.enumerated() {
            let suffix = (name as NSString).pathExtension.lowercased()
            let format = AudioFixtures.Format(rawValue: suffix == "mp4" ? "m4a" : suffix) ?? .wav
            try await AudioFixtures.write(
                format, to: folder.file(name),
                tags: FixtureTags(
                    title: "Tone \(number + 1)", artist: "Oscillator", album: "Sines", track: "\(number + 1)")
            )
        }
        let (report, _) = try await FolderImporter(library: library, scanner: MusicScanner()).importFolder(
            folder.path)
        guard report.unreadable.isEmpty,
            let album = try await library.albums().first(where: { $0.title == "Sines" })
        else {
            throw FixtureError(description: "the folder was not imported: \(report.unreadable)")
        }
        self.album = album
        tracks = try await library.tracks(of: album.id)
        guard tracks.count == names.count else {
            throw FixtureError(description: "\(tracks.count) tracks imported of \(names.count)")
        }
    }

    /// The track whose file is called `name`.
    func track(_ name: String) -> Track {
        guard let track = tracks.first(where: { $0.path.hasSuffix("/" + name) }) else {
            preconditionFailure("no fixture track \(name)")
        }
        return track
    }

    /// The bytes of a track's file.
    func bytes(of track: Track) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: track.path)))
    }

    /// The URL that plays a track.
    static func audio(_ track: Track) -> String { "/api/tracks/\(track.id)/audio" }

    /// How many of this process's file descriptors are open on `path`.
    static func descriptors(on path: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.count {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path
        }
    }
}
