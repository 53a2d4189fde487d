/// An ID3v2.4 tag built byte by byte, for what ffmpeg cannot write: text frames with several values
/// (NUL-separated, as ID3v2.4 lists them), `USLT` lyrics and `SYLT` synchronised lyrics.
package struct ID3v24Tag: Sendable {
    private var frames: [(id: String, body: [UInt8])] = []

    /// An empty tag.
    package init() {}

    /// Adds a text frame (`TPE1`, `TCON`, …) holding `values`, UTF-8.
    package mutating func text(_ id: String, _ values: [String]) {
        frames.append((id, [3] + Array(values.joined(separator: "\0").utf8)))
    }

    /// Adds unsynchronised lyrics in `language`, UTF-8, with an empty description.
    package mutating func lyrics(_ text: String, language: String = "eng") {
        frames.append(("USLT", [3] + Array(language.utf8.prefix(3)) + [0] + Array(text.utf8)))
    }

    /// Adds synchronised lyrics (`SYLT`) in `language`, UTF-8, timed in milliseconds: each line's words
    /// and when it is sung.
    package mutating func syncedLyrics(
        _ lines: [(text: String, milliseconds: UInt32)], language: String = "eng"
    ) {
        // Encoding, language, time stamp format 2 (milliseconds), content type 1 (lyrics), an empty
        // description; then each line's text, NUL, and its time (32 bits, big-endian).
        var body: [UInt8] = [3] + Array(language.utf8.prefix(3)) + [2, 1, 0]
        for line in lines {
            let time = line.milliseconds
            body += Array(line.text.utf8) + [0]
            body += [
                UInt8(time >> 24 & 0xFF), UInt8(time >> 16 & 0xFF), UInt8(time >> 8 & 0xFF),
                UInt8(time & 0xFF),
            ]
        }
        frames.append(("SYLT", body))
    }

    /// The tag's bytes: the header, then each frame with its sync-safe size.
    package var bytes: [UInt8] {
        var body: [UInt8] = []
        for frame in frames {
            body += Array(frame.id.utf8) + Self.syncSafe(frame.body.count) + [0, 0] + frame.body
        }
        return Array("ID3".utf8) + [4, 0, 0] + Self.syncSafe(body.count) + body
    }

    /// `bytes` with any ID3v2 tag at its start replaced by this one (an MP3 file's bytes).
    package func replacingTag(of bytes: [UInt8]) -> [UInt8] {
        var audio = bytes[...]
        if audio.starts(with: Array("ID3".utf8)) && audio.count >= 10 {
            let size = audio.dropFirst(6).prefix(4).reduce(0) { $0 << 7 | Int($1) }
            audio = audio.dropFirst(10 + size)
        }
        return self.bytes + audio
    }

    private static func syncSafe(_ value: Int) -> [UInt8] {
        [UInt8(value >> 21 & 0x7F), UInt8(value >> 14 & 0x7F), UInt8(value >> 7 & 0x7F), UInt8(value & 0x7F)]
    }
}
