/// A format template for listing albums, written like beets' `$field` / `${field}`; `$$` is a dollar.
///
/// Besides the album fields, `$index` is the album's position in the library, `$tracks` how many
/// tracks it has and `$length` their total length. Templates are compiled
/// once into segments, then rendered per album straight into a byte buffer (listing 100,000 albums
/// must stay close to the speed of the `sqlite3` shell).
package struct Template: Sendable, Hashable {
    /// A piece of a compiled template.
    package enum Segment: Sendable, Hashable {
        /// Text copied as is.
        case literal(String)
        /// An album field.
        case field(AlbumField)
        /// The album's library index.
        case index
        /// How many tracks the album has.
        case trackCount
        /// The tracks' total length, as `m:ss` (or `h:mm:ss`).
        case length
        /// A field between a prefix and a suffix, all left out when the field is empty (built in code
        /// for default formats, such as ` (1999)` after a title).
        case optional(String, AlbumField, String)
    }

    /// The compiled pieces, in order.
    package let segments: [Segment]
    /// The template as written.
    package let source: String

    /// A template built from segments in code.
    package init(segments: [Segment]) {
        self.segments = segments
        source = ""
    }

    /// Compiles a template.
    /// - Throws: ``LibraryError`` `invalidTemplate` naming the unknown field or the unclosed brace.
    package init(_ source: String) throws {
        self.source = source
        var segments: [Segment] = []
        var literal = ""
        var rest = Substring(source)
        func flush() {
            if !literal.isEmpty { segments.append(.literal(literal)) }
            literal = ""
        }
        while let dollar = rest.firstIndex(of: "$") {
            literal += rest[..<dollar]
            rest = rest[rest.index(after: dollar)...]
            if rest.first == "$" {
                literal += "$"
                rest = rest.dropFirst()
                continue
            }
            let name: Substring
            if rest.first == "{" {
                guard let close = rest.firstIndex(of: "}") else {
                    throw LibraryError(
                        .invalidTemplate, "invalid template '\(source)': '${' without a closing '}'")
                }
                name = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex { !($0.isLetter || $0 == "_") } ?? rest.endIndex
                name = rest[..<end]
                rest = rest[end...]
            }
            flush()
            if name == "index" {
                segments.append(.index)
            } else if name == "tracks" {
                segments.append(.trackCount)
            } else if name == "length" {
                segments.append(.length)
            } else if let field = AlbumField(name: String(name)) {
                segments.append(.field(field))
            } else {
                throw LibraryError(
                    .invalidTemplate,
                    "invalid template '\(source)': unknown field '$\(name)' (fields: index, \(AlbumField.names), tracks, length)"
                )
            }
        }
        literal += rest
        flush()
        self.segments = segments
    }

    /// What rendering reads of an album: the fields its segments name, and the track summary for
    /// `$tracks` or `$length`.
    package var fieldsRead: AlbumFieldsRead {
        var read = AlbumFieldsRead(fields: [], trackSummary: false)
        for segment in segments {
            switch segment {
            case .literal, .index: break
            case .trackCount, .length: read.trackSummary = true
            case .field(let field), .optional(_, let field, _): read.fields.insert(field)
            }
        }
        return read
    }

    /// Appends the rendering of an album (or a database row) at `index` to `output` as UTF-8.
    package func render(_ album: some AlbumFieldSource, index: Int, into output: inout [UInt8]) {
        for segment in segments {
            switch segment {
            case .literal(let text): output.append(contentsOf: text.utf8)
            case .index: output.append(contentsOf: String(index).utf8)
            case .trackCount: output.append(contentsOf: String(album.trackSummary.count).utf8)
            case .length: output.append(contentsOf: Track.clock(album.trackSummary.length).utf8)
            case .field(let field): album.appendText(of: field, to: &output)
            case .optional(let prefix, let field, let suffix):
                let start = output.count
                output.append(contentsOf: prefix.utf8)
                let fieldStart = output.count
                album.appendText(of: field, to: &output)
                if output.count == fieldStart {
                    output.removeSubrange(start...)
                } else {
                    output.append(contentsOf: suffix.utf8)
                }
            }
        }
    }

    /// The rendering of `album` at `index` as a string.
    package func render(_ album: Album, index: Int) -> String {
        var bytes: [UInt8] = []
        render(album, index: index, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
