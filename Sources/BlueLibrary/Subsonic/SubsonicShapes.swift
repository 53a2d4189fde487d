import BlueLibraryCore
import BlueLibraryHTTP

/// How the library's albums, tracks and artists look in the Subsonic protocol (the OpenSubsonic
/// specification's `AlbumID3`, `Child`, `ArtistID3`, `Artist`): ids, dates, and every required field.
package enum SubsonicShapes {
    // MARK: Ids

    /// The prefix of an artist's id.
    static let artistPrefix = "ar-"

    /// An artist's id: derived from their folded name, so it is the same in every scan and restart.
    static func artistID(key: String) -> String {
        artistPrefix + Hex.string(StableHash.bytes128("bluelibrary-artist:\(key)"))
    }

    /// The id of the artist of an album.
    static func artistID(of album: Album) -> String {
        artistID(key: SearchKey.fold(album.artist))
    }

    /// The one music folder's id.
    static let musicFolderID = 1

    // MARK: Dates

    /// A time in milliseconds since 1970 as ISO 8601 in UTC (`2024-05-01T12:34:56.789Z`).
    package static func date(milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let fraction = Int(milliseconds - seconds * 1000)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = Int(seconds - days * 86_400)
        // Days since 1970 to a civil date (Howard Hinnant's algorithm).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milli = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return
            "\(year)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)).\(milli)Z"
    }

    /// A file time in nanoseconds since 1970 as ISO 8601.
    static func date(nanoseconds: Int64) -> String {
        date(milliseconds: nanoseconds / 1_000_000)
    }

    // MARK: Albums

    /// An album as `AlbumID3`: `id`, `name`, `songCount`, `duration` and `created` always.
    static func albumID3(_ entry: CatalogAlbum, _ annotation: ItemAnnotation?) -> SubsonicElement {
        let album = entry.album
        var element = SubsonicElement()
        element.set(.id, album.id.rawValue)
        element.set(.name, album.title)
        element.set(.artist, album.artist)
        element.set(.artistId, artistID(of: album))
        element.set(.coverArt, album.id.rawValue)
        element.set(.songCount, album.trackCount)
        element.set(.duration, seconds(album.length))
        element.set(.playCount, annotation?.playCount ?? 0)
        element.set(.created, date(nanoseconds: entry.created))
        element.set(.starred, annotation?.starred.map { date(milliseconds: $0) })
        element.set(.year, album.year)
        element.set(.genre, album.genre.isEmpty ? nil : album.genre)
        element.set(.played, annotation?.lastPlayed.map { date(milliseconds: $0) })
        element.set(.userRating, annotation?.rating)
        if !album.mbid.isEmpty { element.set(.musicBrainzId, album.mbid) }
        element.set(.displayArtist, album.artist)
        element.add(.artists, list: [artistReference(album.artist)])
        element.add(.genres, list: genreReferences(CreditSeparators.current.split(album.genre)))
        return element
    }

    /// An album as a folder (`Child` with `isDir`): how the first API versions list albums.
    static func albumChild(_ entry: CatalogAlbum, _ annotation: ItemAnnotation?) -> SubsonicElement {
        let album = entry.album
        var element = child(
            id: album.id.rawValue, parent: artistID(of: album), isDir: true, title: album.title, album: album,
            artist: album.artist)
        element.set(.name, album.title)
        element.set(.duration, seconds(album.length))
        element.set(.playCount, annotation?.playCount ?? 0)
        element.set(.created, date(nanoseconds: entry.created))
        element.set(.starred, annotation?.starred.map { date(milliseconds: $0) })
        element.set(.userRating, annotation?.rating)
        element.set(.artistId, artistID(of: album))
        element.set(.songCount, album.trackCount)
        return element
    }

    /// What every `Child` has, an album's folder or a song: its id, parent, kind, title and artist, and its
    /// album's title, year, genre (when it has one) and cover.
    private static func child(
        id: String, parent: String, isDir: Bool, title: String, album: Album, artist: String
    ) -> SubsonicElement {
        var element = SubsonicElement()
        element.set(.id, id)
        element.set(.parent, parent)
        element.set(.isDir, isDir)
        element.set(.title, title)
        element.set(.album, album.title)
        element.set(.artist, artist)
        element.set(.year, album.year)
        element.set(.genre, album.genre.isEmpty ? nil : album.genre)
        element.set(.coverArt, album.id.rawValue)
        return element
    }

    // MARK: Songs

    /// A track as `Child`: `id`, `isDir` and `title` always, and what a player needs — its album, its
    /// length, its file's size, type and suffix, and a path made of names (never where the file is).
    static func song(_ entry: CatalogTrack, _ annotation: ItemAnnotation?) -> SubsonicElement {
        let track = entry.stored.track
        let album = entry.album
        let fileName = String(track.path.split(separator: "/").last ?? "")
        let suffix =
            fileName.contains(".") ? String(fileName.split(separator: ".").last ?? "").lowercased() : ""
        // The parent is the folder the file is in (``MusicFolderTree``), as a browsing app walks up from a
        // song.
        var element = child(
            id: track.id, parent: MusicFolderTree.id(ofFolder: MusicFolderTree.parent(of: track.path)),
            isDir: false, title: track.title, album: album, artist: track.artist)
        element.set(.track, track.number)
        element.set(.size, Int(entry.stored.size))
        element.set(.contentType, AudioFile.contentType(of: track.path))
        element.set(.suffix, suffix)
        element.set(.duration, seconds(track.duration))
        if track.duration > 0 {
            element.set(.bitRate, Int((Double(entry.stored.size) * 8 / track.duration / 1000).rounded()))
        }
        element.set(.path, "\(pathName(album.artist))/\(pathName(album.title))/\(fileName)")
        element.set(.isVideo, false)
        element.set(.userRating, annotation?.rating)
        element.set(.playCount, annotation?.playCount ?? 0)
        element.set(.discNumber, track.disc)
        element.set(.created, date(nanoseconds: entry.stored.modified))
        element.set(.starred, annotation?.starred.map { date(milliseconds: $0) })
        element.set(.albumId, album.id.rawValue)
        let credits = track.artists
        element.set(.artistId, artistID(key: SearchKey.fold(credits.first ?? track.artist)))
        element.set(.type, "music")
        element.set(.mediaType, "song")
        element.set(.played, annotation?.lastPlayed.map { date(milliseconds: $0) })
        element.set(.displayArtist, track.artist)
        // Each credit with its MusicBrainz id, when the tags give one id per credit.
        let mbids = track.details.musicBrainzArtistIDs
        element.add(
            .artists,
            list: credits.enumerated().map { index, name in
                var reference = artistReference(name)
                if mbids.count == credits.count { reference.set(.musicBrainzId, mbids[index]) }
                return reference
            })
        element.set(.displayAlbumArtist, album.artist)
        element.add(.albumArtists, list: [artistReference(album.artist)])
        element.add(.genres, list: genreReferences(track.genres(on: album)))
        if let discSubtitle = track.details.discSubtitle.isEmpty ? nil : track.details.discSubtitle {
            element.set(.discSubtitle, discSubtitle)
        }
        let gain = track.details.replayGain
        if !gain.isEmpty {
            var replayGain = SubsonicElement()
            replayGain.set(.trackGain, gain.trackGain)
            replayGain.set(.trackPeak, gain.trackPeak)
            replayGain.set(.albumGain, gain.albumGain)
            replayGain.set(.albumPeak, gain.albumPeak)
            element.add(.replayGain, replayGain)
        }
        return element
    }

    /// An artist named on a song or album (OpenSubsonic `ArtistID3` reduced to `id` and `name`).
    static func artistReference(_ name: String) -> SubsonicElement {
        var element = SubsonicElement()
        element.set(.id, artistID(key: SearchKey.fold(name)))
        element.set(.name, name)
        return element
    }

    /// Genres as OpenSubsonic's `ItemGenre` list.
    static func genreReferences(_ names: [String]) -> [SubsonicElement] {
        names.map { name in
            var element = SubsonicElement()
            element.set(.name, name)
            return element
        }
    }

    // MARK: Artists

    /// An artist as `ArtistID3`.
    static func artistID3(_ artist: CatalogArtist, _ annotation: ItemAnnotation?) -> SubsonicElement {
        var element = SubsonicElement()
        element.set(.id, artistID(key: artist.key))
        element.set(.name, artist.name)
        element.set(.coverArt, artist.coverAlbum.rawValue)
        element.set(.albumCount, artist.albumCount)
        element.set(.starred, annotation?.starred.map { date(milliseconds: $0) })
        return element
    }

    /// An artist as the first API versions' `Artist` (a folder).
    static func artist(_ artist: CatalogArtist, _ annotation: ItemAnnotation?) -> SubsonicElement {
        var element = SubsonicElement()
        element.set(.id, artistID(key: artist.key))
        element.set(.name, artist.name)
        element.set(.starred, annotation?.starred.map { date(milliseconds: $0) })
        element.set(.userRating, annotation?.rating)
        return element
    }

    /// The articles an artist's index letter skips ("The Beatles" is under B).
    static let ignoredArticles = ["The", "El", "La", "Los", "Las", "Le", "Les"]

    /// The name an artist is sorted and indexed by: folded, without a leading article.
    static func sortName(_ artist: CatalogArtist) -> String { sortName(folded: artist.key) }

    /// A folded name (``SearchKey/fold(_:)``) without a leading article, as indexes sort it.
    static func sortName(folded: String) -> String {
        for article in ignoredArticles {
            let prefix = article.lowercased() + " "
            if folded.hasPrefix(prefix) && folded.count > prefix.count {
                return String(folded.dropFirst(prefix.count))
            }
        }
        return folded
    }

    /// The artists in indexes by first letter (`#` for the others), sorted within each.
    static func indexes(_ artists: [CatalogArtist], shape: (CatalogArtist) -> SubsonicElement)
        -> [SubsonicElement]
    {
        indexes(artists, sortName: { sortName($0) }, shape: shape)
    }

    /// Items (artists, folders) in indexes by the first letter of their `sortName` (`#` for the others),
    /// sorted within each.
    static func indexes<Item>(
        _ items: [Item], sortName: (Item) -> String, shape: (Item) -> SubsonicElement
    ) -> [SubsonicElement] {
        let sorted = items.map { (sortName($0), $0) }.sorted { SearchKey.precedes($0.0, $1.0) }
        // One "#" group, first, for every name that does not begin with A to Z: digits and symbols sort
        // before the letters, other scripts after them.
        var groups: [(letter: String, artists: [SubsonicElement])] = [("#", [])]
        for (name, artist) in sorted {
            let first = name.first.map { String($0).uppercased() } ?? "#"
            let letter = first.count == 1 && first >= "A" && first <= "Z" ? first : "#"
            if letter == "#" {
                groups[0].artists.append(shape(artist))
            } else if groups.last?.letter == letter {
                groups[groups.count - 1].artists.append(shape(artist))
            } else {
                groups.append((letter, [shape(artist)]))
            }
        }
        return groups.filter { !$0.artists.isEmpty }.map { group in
            var index = SubsonicElement()
            index.set(.name, group.letter)
            index.add(.artist, list: group.artists)
            return index
        }
    }

    // MARK: Helpers

    /// Whole seconds, rounded.
    static func seconds(_ value: Double) -> Int {
        value.isFinite ? Int(max(value, 0).rounded()) : 0
    }

    /// A name made safe as one part of a path.
    private static func pathName(_ text: String) -> String {
        text.replacing("/", with: "_")
    }
}
