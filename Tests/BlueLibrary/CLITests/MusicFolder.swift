import Foundation
import TestSupport
import Testing

/// A music folder of real audio files (``AudioFixtures``, written by ffmpeg) for `bluelibrary import DIR`.
struct MusicFolder {
    let directory = TemporaryDirectory("music")

    /// The folder as the scan names it (symbolic links in the temporary directory resolved).
    var root: String { URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path }

    /// The absolute path of `relative`, as the scan names it.
    func path(_ relative: String) -> String { root + "/" + relative }

    /// Writes an audio file at `relative` in the format its extension names, with `tags` and, if asked,
    /// the red 8×8 picture embedded.
    func add(_ relative: String, _ tags: FixtureTags = FixtureTags(), picture: Bool = false) async throws {
        let suffix = (relative as NSString).pathExtension
        let format = try #require(AudioFixtures.Format(rawValue: suffix), "no fixture format for .\(suffix)")
        try await AudioFixtures.write(format, to: path(relative), tags: tags, picture: picture)
    }

    /// Writes a file that is not audio (a damaged track, notes) at `relative`.
    func write(_ relative: String, _ text: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path(relative) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(relative)))
    }

    /// Removes a file or a folder with everything in it.
    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }
}

/// Tags for one track of an album, briefly.
func track(
    _ title: String, by artist: String? = nil, albumArtist: String? = nil, on album: String? = nil,
    number: Int? = nil, disc: Int? = nil, date: String? = nil, genre: String? = nil,
    compilation: Bool = false
) -> FixtureTags {
    FixtureTags(
        title: title, artist: artist, albumArtist: albumArtist, album: album, date: date, genre: genre,
        track: number.map(String.init), disc: disc.map(String.init), compilation: compilation)
}

/// An album as `show --json` writes it.
struct ShownAlbum: Decodable, Equatable {
    struct Track: Decodable, Equatable {
        var id: String
        var disc: Int
        var number: Int?
        var title: String
        var artist: String
        var duration: Double
        var path: String
        /// Its genres when set by hand (empty: none of its own), else `nil`.
        var genres: [String]?
    }

    var id: String
    var title: String
    var artist: String
    var genre: String
    var year: Int?
    var coverURL: String
    var tracks: [Track]

    enum CodingKeys: String, CodingKey {
        case id, title, artist, genre, year, tracks
        case coverURL = "cover_url"
    }
}

extension CLIHome {
    /// The album at `index` as `show --json` writes it.
    func album(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws -> ShownAlbum {
        let json = try await run(["show", String(index), "--json"])
        #expect(json.status == 0, "show \(index): \(json.stderr)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(ShownAlbum.self, from: Data(json.stdout.utf8))
    }

    /// Every album as `artist - title (N tracks)`, in library order.
    func albumLines() async throws -> [String] {
        try await ok("list", "--format", "$artist - $title ($tracks tracks)")
            .split(separator: "\n").map(String.init)
    }

    /// The index of the only album titled `title` by `artist`.
    func index(of title: String, by artist: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> Int
    {
        let lines = try await ok("list", "--format", "$index\t$artist\t$title").split(separator: "\n")
        let matches = lines.compactMap { line -> Int? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 3 && fields[1] == artist && fields[2] == title ? Int(fields[0]) : nil
        }
        try #require(matches.count == 1, "\(artist) - \(title) in \(lines)", sourceLocation: sourceLocation)
        return matches[0]
    }

    /// Empties the library (a new one holds the five seed albums), so listings show only scanned albums.
    func removeEveryAlbum() async throws {
        _ = try await ok("remove", "--all", "-y")
    }
}
