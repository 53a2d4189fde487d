/// Genres as people name them. An album's genre text may name several — "Alternative; Art Rock", cut
/// by ``CreditSeparators`` as credits are — and each is a genre of its own: listed once, with every
/// album that names it counted once, however the texts that name it are spelled or combined. Albums
/// without a genre form the genre named "".
package struct GenreParts: Sendable, Equatable {
    /// One genre.
    package struct Part: Sendable, Equatable {
        /// The folded name (``SearchKey/fold(_:)``).
        package var key: String
        /// The name as written: of its spellings, the first in byte order (capitals first).
        package var name: String
        /// How many albums name it.
        package var albums: Int
        /// How many tracks those albums have.
        package var songs: Int
        /// The folded genre texts that name it ("alternative; art rock" names "art rock").
        package var wholeKeys: [String]
    }

    /// The genres, in byte order of their folded names.
    package let parts: [Part]
    private let index: [String: Int]

    /// The genres named by the genre texts albums have, each text with how many albums have it and how
    /// many tracks those albums have.
    package init(_ wholes: [(name: String, albums: Int, songs: Int)]) {
        var byKey: [String: Part] = [:]
        for whole in wholes {
            let wholeKey = SearchKey.fold(whole.name)
            let names = whole.name.isEmpty ? [""] : CreditSeparators.current.split(whole.name)
            for name in names.isEmpty ? [whole.name] : names {
                let key = SearchKey.fold(name)
                var part = byKey[key] ?? Part(key: key, name: name, albums: 0, songs: 0, wholeKeys: [])
                if name.utf8.lexicographicallyPrecedes(part.name.utf8) { part.name = name }
                part.albums += whole.albums
                part.songs += whole.songs
                if !part.wholeKeys.contains(wholeKey) { part.wholeKeys.append(wholeKey) }
                byKey[key] = part
            }
        }
        parts = byKey.values.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        index = Dictionary(uniqueKeysWithValues: parts.enumerated().map { ($0.element.key, $0.offset) })
    }

    /// The genre whose folded name is `key`.
    package func part(_ key: String) -> Part? {
        index[key].map { parts[$0] }
    }

    /// The folded genre texts of the albums that name the genre `key` (folded): itself alone when no
    /// album names it.
    package func wholeKeys(naming key: String) -> [String] {
        part(key)?.wholeKeys ?? [key]
    }
}
