import Foundation

/// Short sine-wave files made by Debian's ffmpeg at test time (no audio is committed): one encoded file
/// per format, made once per test process, and tagged copies of it made by remuxing (no re-encoding).
/// The scanner's tests and the command line's end-to-end tests share them.
package enum AudioFixtures {
    /// The audio formats the scanner reads, as ffmpeg writes them.
    package enum Format: String, CaseIterable, Sendable {
        /// `oga` is FLAC in Ogg, whose length ffmpeg leaves out of the stream's header.
        case mp3, flac, ogg, oga, opus, m4a, wav

        /// Whether ffmpeg can embed a picture in this format (WAV keeps none).
        package var canEmbedPicture: Bool { self != .wav }

        /// Whether ffmpeg writes a MusicBrainz album id TagLib reads back (ffmpeg writes MP4 custom keys
        /// as `mdta` atoms, not iTunes `----` atoms; RIFF INFO has no such field).
        package var canTagMusicBrainzID: Bool { self != .m4a && self != .wav }

        /// Whether the format's tags carry an album artist, disc number and MusicBrainz id (RIFF INFO
        /// does not).
        package var hasFullTags: Bool { self != .wav }

        /// How ffmpeg encodes the format from raw audio.
        fileprivate var encoder: [String] {
            switch self {
            case .mp3: ["-c:a", "libmp3lame", "-b:a", "64k"]
            case .flac, .oga: ["-c:a", "flac"]
            case .ogg: ["-c:a", "libvorbis"]
            case .opus: ["-c:a", "libopus", "-b:a", "32k"]
            case .m4a: ["-c:a", "aac", "-b:a", "64k"]
            case .wav: ["-c:a", "pcm_s16le"]
            }
        }
    }

    /// The length of every fixture, in seconds.
    package static let duration = 2.0

    /// Where the encoded originals and the cover image live for this test process.
    private static let directory: String = {
        let path =
            NSTemporaryDirectory()
            + "bluelibrary-audio-fixtures-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: AudioFixtures.directory) }
        return path
    }()

    private static let originals = Task<Void, any Error> {
        try await FFmpeg.run(["-f", "lavfi", "-i", "color=c=red:s=8x8", "-frames:v", "1", coverPath])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for format in Format.allCases {
                group.addTask {
                    try await FFmpeg.run(
                        ["-f", "lavfi", "-i", "sine=frequency=440:duration=\(duration)"] + format.encoder
                            + ["-map_metadata", "-1", original(format)])
                }
            }
            try await group.waitForAll()
        }
    }

    /// The 8×8 red PNG embedded in fixtures.
    package static var coverPath: String { directory + "/cover.png" }

    /// The bytes of the embedded PNG.
    package static func coverBytes() async throws -> [UInt8] {
        try await originals.value
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: coverPath)))
    }

    private static func original(_ format: Format) -> String {
        directory + "/original.\(format.rawValue)"
    }

    /// Writes a `format` file at `path` (folders made as needed) with `tags` and, if asked, the cover.
    package static func write(
        _ format: Format, to path: String, tags: FixtureTags = FixtureTags(), picture: Bool = false
    ) async throws {
        try await originals.value
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var arguments = ["-i", original(format)]
        if picture && [.ogg, .oga, .opus].contains(format) {
            arguments += [
                "-map", "0", "-c", "copy", "-metadata", "METADATA_BLOCK_PICTURE=\(try blockPicture())",
            ]
        } else if picture && format.canEmbedPicture {
            arguments += [
                "-i", coverPath, "-map", "0", "-map", "1", "-c", "copy", "-disposition:v", "attached_pic",
            ]
        } else {
            arguments += ["-map", "0", "-c", "copy"]
        }
        try await FFmpeg.run(arguments + tags.arguments(for: format) + [path])
    }

    /// Writes an 8×8 PNG of one colour (an ffmpeg colour name such as `blue`) at `path`, as folder art.
    package static func writeImage(_ color: String, to path: String) async throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try await FFmpeg.run(["-f", "lavfi", "-i", "color=c=\(color):s=8x8", "-frames:v", "1", path])
    }

    /// The cover as a FLAC picture block in base64, as Vorbis comments carry pictures.
    private static func blockPicture() throws -> String {
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: coverPath)))
        func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }
        let mimeType = Array("image/png".utf8)
        var block = be32(3) + be32(mimeType.count) + mimeType + be32(0)
        block += be32(8) + be32(8) + be32(24) + be32(0) + be32(png.count) + png
        return Data(block).base64EncodedString()
    }
}
