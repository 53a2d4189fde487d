import BlueLibraryCore

/// Turns a group of tracks into a ``ScannedAlbum``: fields from the tags, tracks in order, art.
struct AlbumAssembly {
    /// Every readable track of the scan.
    let tracks: [PlacedTrack]
    /// The art the walk found, by folder.
    let images: [String: [FolderWalk.Entry]]
    /// Album folders where a file was read, changed or removed in this scan.
    let touchedDirectories: Set<String>
    /// MusicBrainz release ids of files read, changed or removed in this scan.
    let touchedMusicBrainzIDs: Set<String>

    /// The album of `group`; embedded art comes without its bytes (the scanner reads them afterwards).
    func album(_ group: AlbumGrouping.Group) -> ScannedAlbum {
        let ordered = group.members.map { tracks[$0] }.sorted(by: PlacedTrack.inAlbumOrder)
        let tags = ordered.map(\.file.tags)
        let artist: String
        if group.isVarious {
            artist = ScannedAlbum.variousArtists
        } else {
            artist =
                AlbumAssembly.mostCommon(tags.compactMap(\.albumArtist))
                ?? AlbumAssembly.mostCommon(tags.compactMap { $0.artist.map(ArtistCredit.primary) })
                ?? ScannedAlbum.unknownArtist
        }
        let first = ordered[0]
        let title =
            AlbumAssembly.mostCommon(tags.compactMap(\.album))
            ?? TrackTags.cleaned(PlacedTrack.name(of: first.albumDirectory)) ?? "Unknown Album"
        let isChanged =
            ordered.contains { touchedDirectories.contains($0.albumDirectory) }
            || group.musicBrainzAlbumID.map(touchedMusicBrainzIDs.contains) ?? false
        return ScannedAlbum(
            key: group.key, title: title, artist: artist,
            genre: AlbumAssembly.mostCommon(tags.compactMap(\.genre)) ?? "",
            year: AlbumAssembly.year(tags.compactMap(\.year)),
            isCompilation: group.isVarious || tags.contains(where: \.isCompilation),
            musicBrainzAlbumID: group.musicBrainzAlbumID,
            musicBrainzReleaseGroupID: AlbumAssembly.mostCommon(tags.compactMap(\.musicBrainzReleaseGroupID)),
            directory: first.albumDirectory, tracks: ordered.map { track(of: $0, albumArtist: artist) },
            art: art(ordered), isChanged: isChanged)
    }

    private func track(of placed: PlacedTrack, albumArtist: String) -> Track {
        let tags = placed.file.tags
        let artist = tags.artist ?? tags.albumArtist ?? albumArtist
        return Track(
            disc: tags.disc ?? placed.folderDisc ?? 1,
            number: tags.number,
            title: tags.title ?? TrackTags.cleaned(PlacedTrack.stem(of: placed.file.path)) ?? "Untitled",
            artist: artist, duration: tags.duration, path: placed.file.path,
            details: TrackDetails(tags: tags, artist: artist))
    }

    /// Folder art (the album folder first, then the folders of its tracks), else the first embedded
    /// picture in album order.
    /// - Parameter ordered: the album's tracks in album order.
    private func art(_ ordered: [PlacedTrack]) -> AlbumArt? {
        var folders: [String] = []
        for placed in ordered {
            for folder in [placed.albumDirectory, placed.folder] where !folders.contains(folder) {
                folders.append(folder)
            }
        }
        if let file = FolderArt.choose(in: folders, images: images) { return file }
        let withPicture = ordered.first { $0.file.tags.hasPicture }
        return withPicture.map { .embedded(trackPath: $0.file.path, picture: nil) }
    }

    /// The value most tracks have, compared without case; a tie goes to the one earliest in album order.
    static func mostCommon(_ values: [String]) -> String? {
        var counts: [String: (count: Int, first: Int, value: String)] = [:]
        for (index, value) in values.enumerated() {
            let key = AlbumGrouping.fold(value)
            counts[key, default: (0, index, value)].count += 1
        }
        return counts.values.max { ($0.count, -$0.first) < ($1.count, -$1.first) }?.value
    }

    /// The year most tracks have; the earliest on a tie.
    static func year(_ years: [Int]) -> Int? {
        var counts: [Int: Int] = [:]
        for year in years { counts[year, default: 0] += 1 }
        return counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
    }
}
