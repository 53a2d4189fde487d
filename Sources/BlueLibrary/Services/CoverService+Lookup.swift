import BlueLibraryCore
import BlueLibraryCovers

/// What looking an album up on MusicBrainz found.
package struct CoverLookup: Sendable {
    /// The release group's MusicBrainz id (the album's, when it was tagged with one).
    package let releaseGroup: String
    /// The Cover Art Archive's front cover of the group.
    package let coverURL: String
    /// The cover at ``coverURL``: downloaded (and cached), or generated artwork with the reason when the
    /// archive has none.
    package let cover: CoverResult

    /// Whether the archive had a cover.
    package var foundCover: Bool { cover.source != .generated }
}

extension CoverService {
    /// Looks up an album that has no cover of its own: its release group — the MusicBrainz id it is
    /// tagged with, else the best search match for its artist and title — and that group's front cover
    /// on the Cover Art Archive (from the cache, else through the lookup's spaced requests, each
    /// redirect a request of its own). A cover the archive does not have, or cannot give, is generated
    /// artwork with the reason.
    /// - Returns: what was found, or `nil` when MusicBrainz knows no album that matches well enough.
    /// - Throws: ``LibraryError`` `unavailable` when MusicBrainz cannot be asked.
    package func lookUp(_ album: Album, with lookup: MusicBrainzLookup) async throws -> CoverLookup? {
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
        let covered = try album.updating(AlbumPatch(coverURL: url))
        let cover: CoverResult
        if await cache?.bytes(for: url) != nil {
            cover = await self.cover(for: covered)
        } else {
            cover = await archiveCover(of: covered, with: lookup)
        }
        return CoverLookup(releaseGroup: releaseGroup, coverURL: url, cover: cover)
    }

    /// The archive's front cover at the album's cover URL, or generated artwork saying why not.
    private func archiveCover(of album: Album, with lookup: MusicBrainzLookup) async -> CoverResult {
        let reason: String
        do {
            let response = try await lookup.frontCover(at: album.coverURL)
            if response.status == 200 { return await cover(for: album, downloaded: response.body) }
            reason =
                response.status == 404
                ? "Cover Art Archive: no front cover for this release group"
                : "Cover Art Archive: HTTP status \(response.status)"
        } catch let error as LibraryError {
            reason = error.message
        } catch {
            reason = "Cover Art Archive: \(error)"
        }
        return CoverResult(
            albumID: album.id, url: album.coverURL, image: GeneratedArtwork(album: album).image(),
            source: .generated, failure: reason)
    }
}
