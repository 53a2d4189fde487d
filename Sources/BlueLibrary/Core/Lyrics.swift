/// A track's lyrics: plain lines, or lines with the time each is sung (an `.lrc` file, a tag written in
/// LRC form), as the OpenSubsonic `structuredLyrics` serves them.
package struct Lyrics: Sendable, Hashable {
    /// One line, with the time it starts in milliseconds when the lyrics are synced.
    package struct Line: Sendable, Hashable {
        /// When the line is sung, in milliseconds from the start of the track (synced lyrics only).
        package var start: Int?
        /// The words.
        package var text: String

        /// Creates a line.
        package init(start: Int?, text: String) {
            self.start = start
            self.text = text
        }
    }

    /// The lines in the order they are sung.
    package var lines: [Line]
    /// Whether every line has its time.
    package var isSynced: Bool
    /// The language tagged (`[la:…]`, ISO 639), or `xxx` when unknown.
    package var language: String
    /// The `[offset:…]` tag, in milliseconds (positive: the lines come earlier); already applied to
    /// ``lines``.
    package var offset: Int
    /// Where they were found: `embedded`, or the name of the file beside the track.
    package var origin: String

    /// The most text read as lyrics (a file or a tag): 256 KB.
    package static let maximumSize = 256 * 1024
    /// The most lines kept.
    package static let maximumLines = 5000

    /// Lyrics from text: LRC when any line starts with a time tag (`[01:02.34]`, several on one line
    /// for a repeated line), plain lines otherwise. Metadata tags (`[ar:…]`, `[la:…]`, `[offset:…]`) are
    /// read, not shown; control characters are dropped; times are clamped at 0.
    /// - Returns: `nil` when the text holds no words.
    package init?(text: String, origin: String) {
        var timed: [Line] = []
        var plain: [String] = []
        var (language, offset) = ("xxx", 0)
        // A byte order mark (as Windows editors write .lrc files) is not part of the first line.
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        for rawLine in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var rest = Substring(Lyrics.printable(rawLine))
            var starts: [Int] = []
            while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                let tag = rest[rest.index(after: rest.startIndex)..<close]
                if let time = Lyrics.time(tag) {
                    starts.append(time)
                } else if let colon = tag.firstIndex(of: ":") {
                    let (name, value) = (
                        tag[..<colon].lowercased(), String(tag[tag.index(after: colon)...]).trimmed
                    )
                    if name == "la" && !value.isEmpty && value.count <= 16 { language = value }
                    if name == "offset",
                        let milliseconds = Int(value.hasPrefix("+") ? String(value.dropFirst()) : value),
                        abs(milliseconds) < 3_600_000
                    {
                        offset = milliseconds
                    }
                } else {
                    break
                }
                rest = rest[rest.index(after: close)...]
            }
            let words = String(rest).trimmed
            if starts.isEmpty {
                if !(rawLine.hasPrefix("[") && words.isEmpty) { plain.append(words) }
            } else {
                // One line may repeat under many times; the limit counts each.
                for start in starts.prefix(Lyrics.maximumLines - timed.count) {
                    timed.append(Line(start: start, text: words))
                }
            }
            if timed.count + plain.count >= Lyrics.maximumLines { break }
        }
        if !timed.isEmpty {
            // Stable: lines sung at one time keep their order.
            lines = timed.enumerated().sorted {
                ($0.element.start ?? 0, $0.offset) < ($1.element.start ?? 0, $1.offset)
            }
            .map { Line(start: max(($0.element.start ?? 0) - offset, 0), text: $0.element.text) }
            isSynced = true
        } else {
            while plain.first?.isEmpty == true { plain.removeFirst() }
            while plain.last?.isEmpty == true { plain.removeLast() }
            lines = plain.map { Line(start: nil, text: $0) }
            isSynced = false
        }
        guard lines.contains(where: { !$0.text.isEmpty }) else { return nil }
        self.language = language
        self.offset = offset
        self.origin = origin
    }

    /// The words alone, a line each (what Subsonic's `getLyrics` answers).
    package var plainText: String {
        lines.map(\.text).joined(separator: "\n")
    }

    /// `mm:ss`, `mm:ss.xx` or `mm:ss.xxx` in milliseconds.
    private static func time(_ tag: Substring) -> Int? {
        let parts = tag.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let minutes = Int(parts[0]), minutes >= 0, minutes < 10_000 else {
            return nil
        }
        let secondParts = parts[1].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let seconds = Int(secondParts[0]), (0..<60).contains(seconds), secondParts[0].count == 2 else {
            return nil
        }
        var fraction = 0
        if secondParts.count == 2 {
            let digits = secondParts[1]
            guard (1...3).contains(digits.count), let value = Int(digits) else { return nil }
            fraction = value * [100, 10, 1][digits.count - 1]
        }
        return (minutes * 60 + seconds) * 1000 + fraction
    }

    /// The line without control characters (a tab becomes a space).
    private static func printable(_ line: Substring) -> String {
        String(
            String.UnicodeScalarView(
                line.unicodeScalars.compactMap { scalar in
                    if scalar == "\t" { return " " }
                    return scalar.properties.generalCategory == .control ? nil : scalar
                }))
    }
}
