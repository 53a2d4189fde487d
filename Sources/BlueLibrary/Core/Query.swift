/// A parsed library query: a subset of the beets query language.
///
/// `groups` are ORed; the terms inside one group are ANDed. An empty query matches every album in
/// library order. The storage layer compiles a query to SQL with bound parameters; ``matches(_:)``
/// evaluates it in memory with the same semantics.
package struct Query: Sendable, Hashable {
    /// Alternatives (OR); each is a list of terms that must all hold (AND).
    package var groups: [[Term]]
    /// Sort keys, most significant first; library order breaks ties and applies when empty.
    package var sort: [SortKey]

    /// Creates a query from groups and sort keys.
    package init(groups: [[Term]] = [], sort: [SortKey] = []) {
        self.groups = groups.filter { !$0.isEmpty }
        self.sort = sort
    }

    /// The query that matches everything in library order.
    package static let all = Query()

    /// Whether this query filters nothing.
    package var matchesEverything: Bool { groups.isEmpty }

    /// The title a query names, folded, when it could name one album by it: its bare words joined by a
    /// space (`Kid A`), or the text of a lone `title:` term; `nil` for any other query. `show` prefers
    /// the album whose title is exactly that, when the query matches several.
    package var titleText: String? {
        guard groups.count == 1, let terms = groups.first, terms.allSatisfy({ !$0.negated }) else {
            return nil
        }
        var words: [String] = []
        for term in terms {
            switch term.predicate {
            case .anyText(let word): words.append(word)
            case .contains(.title, let text) where terms.count == 1: return text
            default: return nil
            }
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The artist a query names alone (`artist:bjork`, `artist:=Björk`), its text as the term holds it;
    /// `nil` for any other query. `list` then names the albums they appear on, too.
    package var artistText: String? {
        guard groups.count == 1, let terms = groups.first, terms.count == 1, !terms[0].negated else {
            return nil
        }
        switch terms[0].predicate {
        case .contains(.artist, let text), .equals(.artist, let text): return text
        default: return nil
        }
    }

    /// One condition on an album, possibly negated with `^`.
    package struct Term: Sendable, Hashable {
        /// Whether the condition is reversed.
        package var negated: Bool
        /// The condition.
        package var predicate: Predicate

        /// Creates a term.
        package init(_ predicate: Predicate, negated: Bool = false) {
            self.predicate = predicate
            self.negated = negated
        }
    }

    /// A condition on one or more fields. Text needles of substring predicates are already folded.
    package enum Predicate: Sendable, Hashable {
        /// A substring, ignoring case and accents, of the title, artist or genre, or of a track's title
        /// or artist (a bare word).
        case anyText(String)
        /// A track's title or artist (`track:echo`, `trackartist:kanye`): a substring ignoring case and
        /// accents, or with `exact` the whole text as written (`track:=Echo`). An album matches when
        /// one of its tracks does.
        case track(TrackField, String, exact: Bool)
        /// A case-insensitive substring of one text field (`field:value`).
        case contains(AlbumField, String)
        /// Exactly equal text, case-sensitive (`field:=value`).
        case equals(AlbumField, String)
        /// The year lies in a closed range with optional ends (`year:1990..1999`, `year:1990`).
        case yearRange(Int?, Int?)
        /// A person's own count lies in a closed range with optional ends: their plays (`plays:0`,
        /// `plays:>5`) or their rating (`rating:>=4`, `stars:4..5`; 0 is unrated) of a track, or of an
        /// album (its tracks' plays added up; the album's own rating).
        case count(PersonalCount, Int?, Int?)
        /// Whether the person starred the track, or the album (`starred:true`, `starred:false`).
        case starred(Bool)
        /// When something happened lies in a range of instants with optional ends: the person's latest
        /// play of the track, or of any of the album's tracks (`played:-7d`), or the album's joining the
        /// library (`added:-30d`, `added:2026-01-01..2026-03-31`).
        case time(Moment, Instant?, Instant?)

        /// Whether it names what only a person has: their plays, ratings, stars or latest plays.
        package var isPersonal: Bool {
            switch self {
            case .count, .starred, .time(.played, _, _): true
            default: false
            }
        }
    }

    /// The counts a person keeps of an album or track.
    package enum PersonalCount: String, Sendable, Hashable, CaseIterable {
        /// `plays:`, how often they played it.
        case plays
        /// `rating:` (or `stars:`), the rating they gave it, 1 to 5; 0 when they gave none.
        case rating
    }

    /// The moments a query can name.
    package enum Moment: String, Sendable, Hashable, CaseIterable {
        /// `played:`, the person's latest play.
        case played
        /// `added:`, when the album joined the library.
        case added
    }

    /// An instant a time condition names: some time before the query is evaluated (`-30d`), which a
    /// smart playlist reads anew each time, or a fixed one.
    package enum Instant: Sendable, Hashable {
        /// This many milliseconds before now.
        case ago(Int64)
        /// Milliseconds since 1970-01-01 UTC.
        case at(Int64)

        /// The instant in milliseconds since 1970, `now` being the time of evaluation.
        package func milliseconds(now: Int64) -> Int64 {
            switch self {
            case .ago(let span): now - span
            case .at(let instant): instant
            }
        }
    }

    /// Whether the query names what only a person has — their plays, ratings, stars, latest plays — and so
    /// can be evaluated only for someone (a smart playlist's owner).
    package var isPersonal: Bool { groups.joined().contains { $0.predicate.isPersonal } }

    /// The fields of a track a query can name.
    package enum TrackField: String, Sendable, Hashable, CaseIterable {
        /// `track:`, the track's title.
        case title = "track"
        /// `trackartist:`, the track's artist.
        case artist = "trackartist"
    }

    /// Every field name a query term may use, for messages.
    package static let fieldNames =
        (AlbumField.allCases.map(\.rawValue) + TrackField.allCases.map(\.rawValue) + ["added"])
        .joined(separator: ", ") + "; in a smart playlist also plays, rating (stars), starred, played"

    /// A sort key (`field+` ascending, `field-` descending).
    package struct SortKey: Sendable, Hashable {
        /// The field to sort by.
        package var field: AlbumField
        /// Whether the order is ascending.
        package var ascending: Bool

        /// Creates a sort key.
        package init(_ field: AlbumField, ascending: Bool) {
            self.field = field
            self.ascending = ascending
        }
    }
}
