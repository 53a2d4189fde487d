@_spi(_Unicode) import Swift

/// What a music server keeps for the people who listen (the Subsonic API's users): accounts with their
/// password sealed (``StoredUser/sealedPassword``, opaque here) and their API keys' digests, and per
/// person the items they starred and rated, how often and when they played each track, and their
/// playlists. Read inside a transaction; ``UserDataWriter`` changes it.
///
/// Item ids are text: a track's id, an album's id, an artist's derived id. Times are milliseconds since
/// 1970. A store implements these beside ``LibraryReader``'s album reads; the contract suite runs them
/// against every store.
package protocol UserDataReader {
    /// Every user, oldest first.
    func users() throws -> [StoredUser]
    /// The user whose name is `name`, ignoring case (``StoredUser/nameKey(_:)``), if any.
    func user(named name: String) throws -> StoredUser?
    /// The user an API key with this digest belongs to, if any.
    func user(apiKeyDigest digest: String) throws -> StoredUser?
    /// The API keys of a user, oldest first.
    func apiKeys(of user: String) throws -> [StoredAPIKey]
    /// The web page's sign-in with this digest, if it is still there.
    func session(digest: String) throws -> StoredSession?
    /// The web page's sign-ins of a user, oldest first.
    func sessions(of user: String) throws -> [StoredSession]
    /// What the user recorded about each of `ids` of one kind: only the ids with something recorded are
    /// in the answer. An album's plays are its tracks' plays added up (its last play, their latest).
    func annotations(of user: String, kind: ItemKind, ids: [String]) throws -> [String: ItemAnnotation]
    /// The ids of the items of one kind the user starred, the latest starred first.
    func starred(by user: String, kind: ItemKind) throws -> [String]
    /// A window of the ids of albums the user played (most plays first, or latest play first) or rated
    /// (highest first), ties broken by id.
    func albumIDs(of user: String, by order: PersonalOrder, offset: Int, limit: Int) throws -> [AlbumID]
    /// Every playlist, of every user, oldest first.
    func playlists() throws -> [StoredPlaylist]
    /// The playlist with `id`, if any.
    func playlist(id: String) throws -> StoredPlaylist?
    /// The play queue the user saved last (from any player or the web page), if any.
    func playQueue(of user: String) throws -> StoredPlayQueue?
    /// The user's bookmarks, the latest changed first.
    func bookmarks(of user: String) throws -> [StoredBookmark]
    /// Every internet radio station, oldest first.
    func radioStations() throws -> [StoredRadioStation]
    /// Every player's streaming defaults, by name.
    func players() throws -> [StoredPlayer]
    /// The streaming defaults of the player called `name` (ignoring case), if it has any.
    func player(named name: String) throws -> StoredPlayer?
    /// Every share, of every user, oldest first, each with its tracks in order.
    func shares() throws -> [StoredShare]
    /// The shares of the user with id `user`, oldest first, each with its tracks in order.
    func shares(of user: String) throws -> [StoredShare]
    /// How many shares the user with id `user` keeps.
    func shareCount(of user: String) throws -> Int
    /// The share with `id`, if any.
    func share(id: String) throws -> StoredShare?
}

/// Changes to what a music server keeps for its users, inside a write transaction.
package protocol UserDataWriter: UserDataReader {
    /// Adds a user.
    /// - Throws: `conflict` when a user has the same name, ignoring case.
    func insertUser(_ user: StoredUser) throws
    /// Writes a user's password and role over the user with its id.
    func updateUser(_ user: StoredUser) throws
    /// Removes a user with everything kept for them: API keys, stars, ratings, plays, playlists, their
    /// play queue, bookmarks and shares.
    func deleteUser(id: String) throws
    /// Adds an API key.
    func insertAPIKey(_ key: StoredAPIKey) throws
    /// Removes every API key of a user.
    func deleteAPIKeys(of user: String) throws
    /// Adds a sign-in of the web page.
    func insertSession(_ session: StoredSession) throws
    /// Ends the sign-ins with these digests.
    func deleteSessions(digests: [String]) throws
    /// Stars an item at a time, or (`nil`) takes its star away.
    func setStar(_ starred: Int64?, user: String, kind: ItemKind, id: String) throws
    /// Rates an item from 1 to 5, or (`nil`) takes its rating away.
    func setRating(_ rating: Int?, user: String, kind: ItemKind, id: String) throws
    /// Counts one play of a track at a time (the last play is the latest time recorded).
    func recordPlay(user: String, track: String, at time: Int64) throws
    /// Writes a playlist whole — its fields and its tracks in order — adding it or replacing the one with
    /// its id.
    func savePlaylist(_ playlist: StoredPlaylist) throws
    /// Removes a playlist.
    func deletePlaylist(id: String) throws
    /// Writes a user's play queue over the one they had.
    func savePlayQueue(_ queue: StoredPlayQueue) throws
    /// Forgets a user's play queue.
    func deletePlayQueue(of user: String) throws
    /// Writes a bookmark over the one the user had in the same track.
    func saveBookmark(_ bookmark: StoredBookmark) throws
    /// Removes the user's bookmark in a track (nothing when there is none).
    func deleteBookmark(user: String, track: String) throws
    /// Writes an internet radio station, adding it or replacing the one with its id.
    func saveRadioStation(_ station: StoredRadioStation) throws
    /// Removes an internet radio station.
    func deleteRadioStation(id: String) throws
    /// Writes a player's streaming defaults, replacing those it had.
    func savePlayer(_ player: StoredPlayer) throws
    /// Forgets a player's streaming defaults.
    func deletePlayer(named name: String) throws
    /// Writes a share whole — its fields and its tracks in order — adding it or replacing the one with its
    /// id.
    func saveShare(_ share: StoredShare) throws
    /// Removes a share.
    func deleteShare(id: String) throws
    /// Counts a visit of a share's page at a time.
    func recordShareVisit(id: String, at time: Int64) throws
    /// Gives what every user keeps of the track `from` — stars, ratings, plays, places in playlists, play
    /// queues and shares, bookmarks — to the track `to` (a step recorded before moved files kept their
    /// ids, undone or redone); nothing when the two are one.
    func moveTrackData(from: String, to: String) throws
}

/// What a person can star and rate: a music folder's own folders too (music apps browse by folder).
package enum ItemKind: String, Sendable, Hashable, CaseIterable {
    case song, album, artist, folder
}

/// How ``UserDataReader/albumIDs(of:by:offset:limit:)`` orders a user's albums.
package enum PersonalOrder: Sendable, Hashable {
    /// Most plays first.
    case frequent
    /// Latest play first.
    case recent
    /// Highest rating first (rated albums only).
    case highest
}

/// A user as stored.
package struct StoredUser: Sendable, Hashable {
    /// The user's id (a UUID), which never changes.
    package var id: String
    /// The name they log in with (unique ignoring case).
    package var name: String
    /// The password, sealed by the accounts service (the store never sees it in clear).
    package var sealedPassword: String
    /// Whether this is the administrator (there is one).
    package var isAdmin: Bool
    /// When the user was added.
    package var created: Int64
    /// The highest bit rate (kbit/s) their streams are sent at; 0 for no limit.
    package var maxBitRate: Int
    /// Whether they only listen: on the web page they browse, play and keep their own queue, but change
    /// no album (never the administrator).
    package var isListener: Bool

    /// Creates a user.
    package init(
        id: String, name: String, sealedPassword: String, isAdmin: Bool, created: Int64, maxBitRate: Int = 0,
        isListener: Bool = false
    ) {
        self.id = id
        self.name = name
        self.sealedPassword = sealedPassword
        self.isAdmin = isAdmin
        self.created = created
        self.maxBitRate = maxBitRate
        self.isListener = isListener
    }

    /// The form a name is kept in: Unicode's composed form (NFC), so `éve` typed with a combining accent
    /// and `éve` typed as one letter are one name.
    package static func normalizedName(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= 0x80 }) else { return name }
        return String(String.UnicodeScalarView(name._nfc))
    }

    /// The form of a name that names compare by: composed (NFC) and lowercased.
    package static func nameKey(_ name: String) -> String { normalizedName(name.lowercased()) }
}

/// An API key as stored: never the key itself, only its digest and its first characters (to tell keys
/// apart in a listing).
package struct StoredAPIKey: Sendable, Hashable {
    /// The SHA-256 of the key, in hex.
    package var digest: String
    /// The key's first characters.
    package var prefix: String
    /// The id of the user it belongs to.
    package var user: String
    /// When it was made.
    package var created: Int64

    /// Creates a stored key.
    package init(digest: String, prefix: String, user: String, created: Int64) {
        self.digest = digest
        self.prefix = prefix
        self.user = user
        self.created = created
    }
}

/// A sign-in of the web page: the session cookie's SHA-256 (the cookie itself is never kept), whose it
/// is, when it was made and what it was made from. Any server on the library's database accepts it.
package struct StoredSession: Sendable, Hashable {
    /// The SHA-256 of the cookie's value, in hex.
    package var digest: String
    /// The id of the user it signs in.
    package var user: String
    /// When it was made.
    package var created: Int64
    /// The browser it was made from (its `User-Agent`, shortened) and its address.
    package var client: String

    /// Creates a stored sign-in.
    package init(digest: String, user: String, created: Int64, client: String) {
        self.digest = digest
        self.user = user
        self.created = created
        self.client = client
    }

    /// How a person names it to revoke it: the digest's first eight characters.
    package var id: String { String(digest.prefix(8)) }
}

/// What a user recorded about an item.
package struct ItemAnnotation: Sendable, Hashable {
    /// When they starred it, if they did.
    package var starred: Int64?
    /// Their rating, 1 to 5, if they rated it.
    package var rating: Int?
    /// How many times they played it.
    package var playCount: Int
    /// When they last played it, if they did.
    package var lastPlayed: Int64?

    /// Creates an annotation.
    package init(starred: Int64? = nil, rating: Int? = nil, playCount: Int = 0, lastPlayed: Int64? = nil) {
        self.starred = starred
        self.rating = rating
        self.playCount = playCount
        self.lastPlayed = lastPlayed
    }
}

/// A playlist as stored.
package struct StoredPlaylist: Sendable, Hashable {
    /// The playlist's id (a UUID).
    package var id: String
    /// The id of the user who owns it.
    package var owner: String
    /// Its name.
    package var name: String
    /// Its comment (may be empty).
    package var comment: String
    /// Whether other users see it.
    package var isPublic: Bool
    /// When it was made.
    package var created: Int64
    /// When it last changed.
    package var changed: Int64
    /// Its tracks' ids in order (a track may come more than once; ids of tracks no longer in the library
    /// are kept, in case their files come back).
    package var trackIDs: [String]
    /// What makes it smart, if it is: its tracks are then the ones its rule picks at each read, and
    /// ``trackIDs`` is empty.
    package var rule: PlaylistRule?

    /// Creates a playlist.
    package init(
        id: String, owner: String, name: String, comment: String = "", isPublic: Bool = false, created: Int64,
        changed: Int64, trackIDs: [String] = [], rule: PlaylistRule? = nil
    ) {
        self.id = id
        self.owner = owner
        self.name = name
        self.comment = comment
        self.isPublic = isPublic
        self.created = created
        self.changed = changed
        self.trackIDs = trackIDs
        self.rule = rule
    }
}

/// A smart playlist's rule: the tracks a query of the query language matches for the playlist's owner
/// (who may name their plays, ratings, stars and latest plays), in an order, at most so many — read anew
/// each time, so the playlist follows the library and the owner's listening.
package struct PlaylistRule: Sendable, Hashable {
    /// The query as written (`genre:jazz year:1950..1969 plays:0`).
    package var query: String
    /// The order of its tracks.
    package var order: TrackOrder
    /// The most tracks it holds.
    package var limit: Int

    /// The most tracks a smart playlist may hold (what a playlist of chosen tracks may).
    package static let longest = 5_000

    /// A rule, after checking that its query parses (with a person's fields) and its limit is from 1 to
    /// ``longest``.
    /// - Throws: ``LibraryError`` `invalidQuery` or `malformedInput`, naming what is wrong.
    package init(query: String, order: TrackOrder = .album, limit: Int = 100) throws {
        _ = try Query(parsing: query, personal: true)
        guard (1...Self.longest).contains(limit) else {
            throw LibraryError(
                .malformedInput, "a smart playlist's limit must be from 1 to \(Self.longest), not \(limit)")
        }
        self.init(checked: query, order: order, limit: limit)
    }

    /// A rule read back from the store, already checked when it was written.
    package init(checked query: String, order: TrackOrder, limit: Int) {
        self.query = query
        self.order = order
        self.limit = limit
    }

    /// The tracks it picks for `owner`, at `now` (milliseconds since 1970).
    /// - Throws: ``LibraryError`` `invalidQuery` when the query no longer parses (a later build reads
    ///   the language differently).
    package func selection(for owner: String, now: Int64) throws -> TrackSelection {
        TrackSelection(
            query: try Query(parsing: query, personal: true), order: order, person: owner, now: now)
    }
}

/// A user's play queue as stored: what a player was playing, so another player (a phone, the web page)
/// can take over where it stopped. One per user; the last one saved wins.
package struct StoredPlayQueue: Sendable, Hashable {
    /// The id of the user it belongs to.
    package var user: String
    /// Its tracks' ids in order (a track may come more than once).
    package var trackIDs: [String]
    /// The index in ``trackIDs`` of the track playing, if any.
    package var current: Int?
    /// How far into the current track, in milliseconds.
    package var position: Int64
    /// When it was saved.
    package var changed: Int64
    /// The player that saved it (the Subsonic `c` parameter; "web" for the web page).
    package var changedBy: String

    /// Creates a queue.
    package init(
        user: String, trackIDs: [String], current: Int?, position: Int64, changed: Int64, changedBy: String
    ) {
        self.user = user
        self.trackIDs = trackIDs
        self.current = current
        self.position = position
        self.changed = changed
        self.changedBy = changedBy
    }
}

/// A place in a track a user keeps (an audiobook's chapter, a long mix): one per user and track.
package struct StoredBookmark: Sendable, Hashable {
    /// The id of the user it belongs to.
    package var user: String
    /// The track's id.
    package var track: String
    /// The place, in milliseconds from the start.
    package var position: Int64
    /// The user's note (may be empty).
    package var comment: String
    /// When it was made.
    package var created: Int64
    /// When it last moved.
    package var changed: Int64

    /// Creates a bookmark.
    package init(
        user: String, track: String, position: Int64, comment: String, created: Int64, changed: Int64
    ) {
        self.user = user
        self.track = track
        self.position = position
        self.comment = comment
        self.created = created
        self.changed = changed
    }
}

/// An internet radio station, which every user sees and the administrator keeps.
package struct StoredRadioStation: Sendable, Hashable {
    /// Its id (a UUID).
    package var id: String
    /// Its name.
    package var name: String
    /// The address of its stream (http or https).
    package var streamURL: String
    /// Its home page's address (may be empty).
    package var homepageURL: String
    /// When it was added.
    package var created: Int64

    /// Creates a station.
    package init(id: String, name: String, streamURL: String, homepageURL: String, created: Int64) {
        self.id = id
        self.name = name
        self.streamURL = streamURL
        self.homepageURL = homepageURL
        self.created = created
    }
}

/// A share: tracks a user lets anyone with its link play, on a plain page without logging in, until it
/// expires or is deleted.
package struct StoredShare: Sendable, Hashable {
    /// Its id, which is the secret part of its link (a random UUID).
    package var id: String
    /// The id of the user who made it.
    package var owner: String
    /// What the user wrote about it (may be empty).
    package var description: String
    /// When it was made.
    package var created: Int64
    /// When it stops working, if ever.
    package var expires: Int64?
    /// When its page was last opened, if ever.
    package var lastVisited: Int64?
    /// How often its page was opened.
    package var visitCount: Int
    /// Its tracks' ids in order.
    package var trackIDs: [String]

    /// Creates a share.
    package init(
        id: String, owner: String, description: String, created: Int64, expires: Int64? = nil,
        lastVisited: Int64? = nil, visitCount: Int = 0, trackIDs: [String]
    ) {
        self.id = id
        self.owner = owner
        self.description = description
        self.created = created
        self.expires = expires
        self.lastVisited = lastVisited
        self.visitCount = visitCount
        self.trackIDs = trackIDs
    }
}

/// A player's streaming defaults: what a Subsonic client that names itself `name` (its `c=`) gets when it
/// asks for no format or bit rate of its own.
package struct StoredPlayer: Sendable, Hashable {
    /// The client's name, as it sends it.
    package var name: String
    /// The format its streams are made in (`mp3`, `opus`, …), `raw` for the files as they are, or empty
    /// for no default.
    package var format: String
    /// The highest bit rate (kbit/s) its streams are sent at; 0 for no limit.
    package var maxBitRate: Int

    /// Creates a player's defaults.
    package init(name: String, format: String, maxBitRate: Int) {
        self.name = name
        self.format = format
        self.maxBitRate = maxBitRate
    }
}
