import BlueLibraryCore

/// What looking an album up on MusicBrainz found.
public struct CoverLookup: Sendable {
    /// The release group's MusicBrainz id (the album's, when it was tagged with one).
    public let releaseGroup: String
    /// The Cover Art Archive's front cover of the group.
    public let coverURL: String
    /// The cover at ``coverURL``: downloaded (and cached), or generated artwork with the reason when the
    /// archive has none.
    public let cover: CoverResult

    /// Whether the archive had a cover.
    public var foundCover: Bool { cover.source != .generated }
}

extension CoverService {
    /// Looks up an album that has no cover of its own: its release group — the MusicBrainz id it is
    /// tagged with, else the best search match for its artist and title — and that group's front cover
    /// on the Cover Art Archive (through the cache, following the archive's redirect).
    /// - Returns: what was found, or `nil` when MusicBrainz knows no album that matches well enough.
    /// - Throws: ``LibraryError`` `unavailable` when MusicBrainz cannot be asked.
    public func lookUp(_ album: Album, with lookup: MusicBrainzLookup) async throws -> CoverLookup? {
        let releaseGroup: String
        if MusicBrainzLookup.isMusicBrainzID(album.mbid) {
            releaseGroup = album.mbid
        } else {
            guard let found = try await lookup.releaseGroup(artist: album.artist, title: album.title) else {
                return nil
            }
            releaseGroup = found
        }
        let url = lookup.frontCoverURL(releaseGroup: releaseGroup)
        let cover = await cover(for: try album.updating(AlbumPatch(coverURL: url)))
        return CoverLookup(releaseGroup: releaseGroup, coverURL: url, cover: cover)
    }
}
