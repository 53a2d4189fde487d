import BlueLibraryCore
import BlueLibraryCovers

/// "Download the cover for this album": what a view announces when it needs its cover (the tutorial's
/// `BLDownloadImageNotification`). It carries the album value and its URL — never a view object.
package struct CoverRequest: Sendable, Hashable {
    /// The album whose cover is needed (its artist and title also seed generated artwork).
    package var album: Album

    /// Creates a request.
    package init(album: Album) {
        self.album = album
    }
}

/// Where a cover came from.
package enum CoverSource: String, Sendable {
    /// The disk cache (no network).
    case cache
    /// Downloaded now.
    case network
    /// A local file (`file://` URL or a path).
    case file
    /// Generated from the album, because it has no cover URL or the cover could not be had.
    case generated
}

/// A cover, ready to show: the decoded image (real or generated), where it came from and, when the
/// real cover could not be had, why.
package struct CoverResult: Sendable, Equatable {
    /// The album the cover belongs to.
    package var albumID: AlbumID
    /// The cover URL that was asked for (empty when the album has none).
    package var url: String
    /// The picture to show.
    package var image: RGBAImage
    /// Where the picture came from.
    package var source: CoverSource
    /// Why the real cover is missing, when the source is `generated` because of a failure.
    package var failure: String?
    /// The image file's bytes as fetched or cached (PNG or JPEG), `nil` for generated artwork.
    package var encoded: [UInt8]?

    /// Creates a result.
    package init(
        albumID: AlbumID, url: String, image: RGBAImage, source: CoverSource, failure: String? = nil,
        encoded: [UInt8]? = nil
    ) {
        self.albumID = albumID
        self.url = url
        self.image = image
        self.source = source
        self.failure = failure
        self.encoded = encoded
    }
}

/// The file of an album's cover as fetched, cached or read (PNG or JPEG), for a face that sends the file
/// itself (the web and Subsonic routes): nothing is drawn when there is none, the face draws what it sends.
package struct CoverFile: Sendable, Equatable {
    /// The image file's bytes; `nil` when the album has no cover that could be had.
    package var bytes: [UInt8]?
    /// Why the real cover is missing, when it was asked for and could not be had.
    package var failure: String?
}

/// The notification centre between views and the facade for covers: views post ``CoverRequest``s on
/// `requests` and observe `results`; the facade does the opposite. Neither knows the other's type.
package final class CoverCenter: Sendable {
    /// Views announce here that they need a cover.
    package let requests = Broadcaster<CoverRequest>()
    /// The facade announces loaded (or generated) covers here.
    package let results = Broadcaster<CoverResult>()

    /// Creates a centre with no observers.
    package init() {}
}
