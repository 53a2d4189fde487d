import BlueLibraryCore

extension MusicScanner {
    /// Groups the readable files into albums, sorted by folder, title and key.
    func albums(of files: [ScannedFile], walk: FolderWalk, plan: ScanPlan) -> [ScannedAlbum] {
        let placed = PlacedTrack.place(files, root: walk.root)
        var touchedDirectories = Set<String>()
        var touchedIDs = Set<String>()
        for file in plan.replaced {
            touchedDirectories.insert(PlacedTrack.location(of: file.path, root: walk.root).album)
            if let id = file.tags.musicBrainzAlbumID { touchedIDs.insert(id) }
        }
        let read = Set(plan.toRead.map(\.path))
        for track in placed where read.contains(track.file.path) {
            touchedDirectories.insert(track.albumDirectory)
            if let id = track.file.tags.musicBrainzAlbumID { touchedIDs.insert(id) }
        }
        let assembly = AlbumAssembly(
            tracks: placed, images: walk.images, touchedDirectories: touchedDirectories,
            touchedMusicBrainzIDs: touchedIDs)
        return AlbumGrouping.groups(of: placed).map(assembly.album).sorted {
            ($0.directory, $0.title, $0.key) < ($1.directory, $1.title, $1.key)
        }
    }

    /// How many embedded pictures are read at once: each read holds a file's tag (up to 64 MB) and a
    /// picture (up to 10 MB) in memory, so a folder of files stuffed with art stays bounded.
    static let pictureReadsAtOnce = 2

    /// Reads the embedded pictures of the changed albums whose art is one; returns how many it read. An
    /// album whose picture cannot be read has no art, and the file is listed as unreadable.
    func loadPictures(_ albums: inout [ScannedAlbum], unreadable: inout [UnreadableFile]) async throws -> Int
    {
        var wanted: [(album: Int, path: String)] = []
        for (index, album) in albums.enumerated() where album.isChanged {
            if case .embedded(let path, nil) = album.art { wanted.append((index, path)) }
        }
        let reader = self.reader
        if !wanted.isEmpty { try await BlockingThreads.run { try reader.prepare() } }
        var loaded: [(Int, Result<EmbeddedPicture?, any Error>)] = []
        let completed = await BlockingThreads.forEach(
            wanted.map(\.path), threads: min(threads, Self.pictureReadsAtOnce),
            { path in Result { try reader.picture(at: path) } },
            receive: { index, outcome in loaded.append((index, outcome)) })
        guard completed else { throw CancellationError() }
        for (index, outcome) in loaded {
            let (album, path) = wanted[index]
            switch outcome {
            case .success(let picture?):
                albums[album] = albums[album].replacingArt(.embedded(trackPath: path, picture: picture))
            case .success(nil):
                albums[album] = albums[album].replacingArt(nil)
            case .failure(let error):
                albums[album] = albums[album].replacingArt(nil)
                unreadable.append(UnreadableFile(path: path, error: MusicScanner.libraryError(error, path)))
            }
        }
        return wanted.count
    }

    /// `error` as a ``LibraryError`` naming `path`.
    static func libraryError(_ error: any Error, _ path: String) -> LibraryError {
        if let error = error as? LibraryError { return error }
        return LibraryError(.io, "cannot read '\(path)': \(error)", cause: error)
    }
}
