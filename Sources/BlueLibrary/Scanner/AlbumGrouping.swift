/// Which tracks make an album.
///
/// The rules, in order:
/// 1. Tracks are bucketed by album folder (the folder of the file, or the one above a disc folder such
///    as `CD2`, so disc folders never split an album) and folded album title (lowercase, single
///    spaces). A track without an album tag takes the title of the only tagged album in its folder, or
///    else the folder's name.
/// 2. MusicBrainz release ids decide when tagged: tracks with the same id are one album wherever they
///    sit, and different ids are different albums. Untagged tracks in a bucket with exactly one id join
///    that album.
/// 3. The other tracks of a bucket are split by album artist (else artist, a guest's credit — "X feat.
///    Y" — counting as X's). Tracks without an album-artist tag whose artists differ are one album when
///    one of them is tagged as a compilation or no two of them share a disc and track number; otherwise
///    they are albums of their artists that happen to share a title and a folder. One such album is its
///    most common artist's when that artist has more than one of its tracks and at least a quarter of
///    them (beets' rule when importing as-is); otherwise, or when tagged as one, it is a compilation
///    (artist ``ScannedAlbum/variousArtists``). Tracks without any artist join the bucket's only album,
///    if it has one.
enum AlbumGrouping {
    /// One album's tracks, by index into the grouped array.
    struct Group: Sendable {
        /// The album's key (``ScannedAlbum/key``).
        var key: String
        /// Indexes of the tracks.
        var members: [Int]
        /// Whether the album is a merged compilation of several artists.
        var isVarious: Bool
        /// The MusicBrainz release id that made the group.
        var musicBrainzAlbumID: String?
    }

    /// The separator of the parts of a key.
    static let separator = "\u{1F}"
    private static let variousKey = fold(ScannedAlbum.variousArtists)

    /// Groups tracks into albums, in a stable order (by key).
    static func groups(of tracks: [PlacedTrack]) -> [Group] {
        var groups: [Group] = []
        var byMusicBrainzID: [String: [Int]] = [:]
        for (bucket, members) in buckets(of: tracks).sorted(by: { $0.key < $1.key }) {
            let ids = Set(members.compactMap { tracks[$0].file.tags.musicBrainzAlbumID })
            var rest: [Int] = []
            for member in members {
                if let id = tracks[member].file.tags.musicBrainzAlbumID {
                    byMusicBrainzID[id, default: []].append(member)
                } else if ids.count == 1, let id = ids.first {
                    byMusicBrainzID[id, default: []].append(member)
                } else {
                    rest.append(member)
                }
            }
            if !rest.isEmpty {
                groups += splitByArtist(
                    rest, key: "dir:\(bucket.directory)\(separator)\(bucket.title)", tracks)
            }
        }
        for (id, members) in byMusicBrainzID.sorted(by: { $0.key < $1.key }) {
            let tags = members.map { tracks[$0].file.tags }
            let artists = Set(tags.compactMap { $0.artist.map(fold) })
            let isVarious = tags.allSatisfy { $0.albumArtist == nil } && artists.count > 1
            groups.append(
                Group(key: "mbid:\(id)", members: members, isVarious: isVarious, musicBrainzAlbumID: id))
        }
        return groups
    }

    /// Text as keys compare it: lowercase, with runs of spaces as one. ASCII text, the common case, is
    /// folded byte by byte (a rescan folds every track's artist and title).
    static func fold(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.lowercased().split(separator: " ").joined(separator: " ")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte == 0x20 {
                if let last = bytes.last, last != 0x20 { bytes.append(byte) }
            } else {
                bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
            }
        }
        if bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    private struct Bucket: Hashable, Comparable {
        var directory: String
        var title: String

        static func < (lhs: Bucket, rhs: Bucket) -> Bool {
            (lhs.directory, lhs.title) < (rhs.directory, rhs.title)
        }
    }

    /// Tracks by album folder and folded title (rule 1).
    private static func buckets(of tracks: [PlacedTrack]) -> [Bucket: [Int]] {
        var titles: [String: Set<String>] = [:]
        for track in tracks {
            if let album = track.albumKey {
                titles[track.albumDirectory, default: []].insert(album)
            }
        }
        var buckets: [Bucket: [Int]] = [:]
        for (index, track) in tracks.enumerated() {
            let title: String
            if let album = track.albumKey {
                title = album
            } else if let only = titles[track.albumDirectory], only.count == 1, let first = only.first {
                title = first
            } else {
                title = fold(PlacedTrack.name(of: track.albumDirectory))
            }
            buckets[Bucket(directory: track.albumDirectory, title: title), default: []].append(index)
        }
        return buckets
    }

    /// Splits one bucket's tracks by artist (rule 3).
    private static func splitByArtist(_ members: [Int], key: String, _ tracks: [PlacedTrack]) -> [Group] {
        var byAlbumArtist: [String: [Int]] = [:]
        var byArtist: [String: [Int]] = [:]
        for member in members {
            let track = tracks[member]
            if track.file.tags.albumArtist != nil {
                byAlbumArtist[track.artistKey, default: []].append(member)
            } else {
                byArtist[track.artistKey, default: []].append(member)
            }
        }
        for (artist, tracksOfArtist) in byArtist where byAlbumArtist[artist] != nil {
            byAlbumArtist[artist, default: []] += tracksOfArtist
            byArtist[artist] = nil
        }
        let anonymous = byArtist.removeValue(forKey: "") ?? []
        var merged = false
        let artistless = byArtist.values.flatMap { $0 }
        if byArtist.count > 1 && isOneAlbum(artistless, tracks) {
            let total = artistless.count + anonymous.count
            let tagged = artistless.contains { tracks[$0].file.tags.isCompilation }
            // The most tracks; on a tie, the artist first in key order (stable from scan to scan).
            let main = byArtist.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }
            if !tagged, let main, main.value.count > 1, main.value.count * 4 >= total {
                byArtist = [main.key: artistless + anonymous]
            } else {
                byAlbumArtist[variousKey, default: []] += artistless + anonymous
                byArtist = [:]
                merged = true
            }
        } else if !anonymous.isEmpty {
            if byAlbumArtist.count + byArtist.count == 1,
                let only = (byAlbumArtist.first ?? byArtist.first)?.key
            {
                if byAlbumArtist[only] != nil {
                    byAlbumArtist[only, default: []] += anonymous
                } else {
                    byArtist[only, default: []] += anonymous
                }
            } else {
                byArtist[""] = anonymous
            }
        }
        var groups: [Group] = []
        for (artist, artistMembers) in byAlbumArtist.merging(byArtist, uniquingKeysWith: +) {
            groups.append(
                Group(
                    key: "\(key)\(separator)\(artist)", members: artistMembers.sorted(),
                    isVarious: merged && artist == variousKey, musicBrainzAlbumID: nil))
        }
        return groups.sorted { $0.key < $1.key }
    }

    /// Whether tracks of several artists form one album: one is tagged as a compilation, or no two share
    /// a position (albums that only share a title each have their own track 1).
    private static func isOneAlbum(_ members: [Int], _ tracks: [PlacedTrack]) -> Bool {
        if members.contains(where: { tracks[$0].file.tags.isCompilation }) { return true }
        var positions = Set<[Int]>()
        for member in members {
            let track = tracks[member]
            guard let number = track.file.tags.number else { continue }
            let disc = track.file.tags.disc ?? track.folderDisc ?? 1
            if !positions.insert([disc, number]).inserted { return false }
        }
        return true
    }
}
