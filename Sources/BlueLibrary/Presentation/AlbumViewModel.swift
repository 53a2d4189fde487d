import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryServices
import Observation

/// The state of one cover tile (a view model: what the tutorial's `AlbumView` kept, which every face draws):
/// the cover image, whether it is highlighted, and whether its loading indicator spins.
///
/// On creation it announces through the ``CoverCenter`` that it needs its cover (the tutorial's
/// notification) and listens for the result; it never talks to the facade. The loading indicator is
/// derived by observing the ``image`` property with the Observation framework (Swift's successor to
/// key-value observing): it stops when an image arrives — a real cover or, on failure, generated
/// artwork — and nothing else stops it, so it can neither spin forever nor stop early.
@MainActor
@Observable
package final class AlbumViewModel {
    /// Where the cover is in its life.
    package enum CoverState: Sendable, Equatable {
        /// Waiting for the cover.
        case loading
        /// The real cover is shown (from the cache, the network or a file).
        case loaded(CoverSource)
        /// Generated artwork is shown; `reason` says why the real cover is missing, if it failed.
        case generated(reason: String?)
    }

    /// The album this tile shows.
    package let album: Album
    /// The cover image, once there is one.
    package var image: RGBAImage?
    /// Where the cover is in its life.
    package private(set) var coverState = CoverState.loading
    /// Whether the tile is the current album's (drawn white instead of black).
    package var isHighlighted: Bool
    /// Whether the loading indicator spins; follows ``image`` by observation.
    package private(set) var isLoadingIndicatorVisible = true

    @ObservationIgnored private var subscription: Subscription?
    @ObservationIgnored private var loadWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates the tile and asks for its cover.
    package init(album: Album, isHighlighted: Bool = false, coverCenter: CoverCenter) {
        self.album = album
        self.isHighlighted = isHighlighted
        observeImage()
        let id = album.id
        // A result for a tile that is gone is dropped: the handler holds the tile weakly, and the
        // subscription ends with the tile.
        subscription = coverCenter.results.observe { [weak self] result in
            guard result.albumID == id else { return }
            Task { @MainActor [weak self] in self?.show(result) }
        }
        coverCenter.requests.post(CoverRequest(album: album))
    }

    /// Shows a cover result (also usable by faces that fetch covers themselves).
    package func show(_ result: CoverResult) {
        coverState = result.source == .generated ? .generated(reason: result.failure) : .loaded(result.source)
        image = result.image
    }

    /// Returns once the loading indicator has stopped (at once if it has).
    package func waitUntilLoaded() async {
        guard isLoadingIndicatorVisible else { return }
        await withCheckedContinuation { loadWaiters.append($0) }
    }

    /// Re-arms observation of `image` after each change (Observation reports one change per tracking).
    private func observeImage() {
        withObservationTracking {
            _ = image
        } onChange: { [weak self] in
            // onChange runs before the new value is stored; read it on the next turn of the main actor.
            Task { @MainActor [weak self] in
                guard let self else { return }
                if image != nil {
                    isLoadingIndicatorVisible = false
                    let waiters = loadWaiters
                    loadWaiters = []
                    for waiter in waiters { waiter.resume() }
                }
                observeImage()
            }
        }
    }
}
