import BlueLibraryCore
import BlueLibraryServices

/// Lyrics: `getLyrics?artist=&title=` (the words of the first song with that title, by that artist when
/// one is named, both compared ignoring case and accents) and the OpenSubsonic `getLyricsBySongId?id=` (`songLyrics` extension): every source a
/// song has — a `.lrc` or `.txt` file beside it, its tags — with synced lines and their times.
extension SubsonicAPI {
    static let lyricsEndpoints: [String: Endpoint] = [
        "getLyrics": { api, call in try await api.lyricsByName(call) },
        "getLyricsBySongId": { api, call in try await api.lyricsBySongID(call) },
    ]

    private func lyricsByName(_ call: Call) async throws -> Outcome {
        let title = call.parameters["title"]?.trimmed ?? ""
        let artist = call.parameters["artist"]?.trimmed ?? ""
        var element = SubsonicElement()
        guard !title.isEmpty, let query = try? Query(terms: ["track:" + title]) else {
            return .element(.lyrics, element)
        }
        let (wanted, wantedTitle) = (SearchKey.fold(artist), SearchKey.fold(title))
        let tracks = try await library.listening { reader in
            try reader.catalogTracks(TrackSelection(query: query), offset: 0, limit: 200)
        }
        let matching = tracks.filter { entry in
            guard SearchKey.fold(entry.stored.track.title) == wantedTitle else { return false }
            return wanted.isEmpty
                || [entry.stored.track.artist, entry.album.artist].contains { SearchKey.fold($0) == wanted }
                || entry.stored.track.artists.contains { SearchKey.fold($0) == wanted }
        }
        for entry in matching {
            guard let lyrics = try await lyrics(of: entry).first else { continue }
            element.set(.artist, entry.stored.track.artist)
            element.set(.title, entry.stored.track.title)
            element.text = lyrics.plainText
            break
        }
        return .element(.lyrics, element)
    }

    private func lyricsBySongID(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let entry = try await library.listening { reader -> CatalogTrack in
            guard let track = try Self.track(id: id, reader) else {
                throw SubsonicError.notFound("no song has id \(id.prefix(80))")
            }
            return track
        }
        let structured = try await lyrics(of: entry).map { lyrics in
            var element = SubsonicElement()
            element.set(.displayArtist, entry.stored.track.artist)
            element.set(.displayTitle, entry.stored.track.title)
            element.set(.lang, lyrics.language)
            // The lines' times have their offset applied already: a client must not apply it again.
            element.set(.offset, 0)
            element.set(.synced, lyrics.isSynced)
            element.add(
                .line,
                list: lyrics.lines.map { line in
                    var item = SubsonicElement()
                    item.set(.start, line.start)
                    item.text = line.text
                    return item
                })
            return element
        }
        var list = SubsonicElement()
        list.add(.structuredLyrics, list: structured)
        return .element(.lyricsList, list)
    }

    /// The song's lyrics, or none when this server reads none or its file cannot be read (logged).
    private func lyrics(of entry: CatalogTrack) async throws -> [Lyrics] {
        guard let lyricsSource else { return [] }
        do {
            return try await lyricsSource.lyrics(of: entry.stored.track.path)
        } catch let error as LibraryError {
            StandardError.line("serve: /rest: \(error.message)")
            return []
        }
    }
}
