import BlueLibraryCore
import BlueLibraryServices

/// What `covers fetch` learnt about one album.
struct FetchedCover: Sendable {
    let album: Album
    /// The cover shown from now on (generated artwork when none could be had).
    let result: CoverResult
    /// What MusicBrainz matched, when it was asked and knew the album.
    var found: CoverLookup?
    /// Whether MusicBrainz was asked (or tried).
    var askedMusicBrainz = false
    /// Why MusicBrainz could not be asked.
    var lookupFailure: String?
    /// Whether the lookup had stopped asking (too many failures in a row) before this album's turn.
    var notAsked = false

    /// The change to keep: the release group's id, and its cover when the archive had one.
    var patch: (id: AlbumID, patch: AlbumPatch)? {
        guard let found else { return nil }
        var patch = AlbumPatch()
        if found.releaseGroup != album.mbid { patch.mbid = found.releaseGroup }
        if found.foundCover { patch.coverURL = found.coverURL }
        return patch.isEmpty ? nil : (album.id, patch)
    }

    /// Why the album's own cover URL could not be had (a 404, HTML served as a PNG, a server that never
    /// answered), when it has one.
    var ownFailure: String? {
        album.coverURL.isEmpty || result.source != .generated ? nil : result.failure
    }

    /// Why this album has no real cover, when that is a failure: its own cover's first, then the
    /// lookup's or the archive's reason.
    var failure: String? {
        let fallback: String?
        if let found, !found.foundCover {
            fallback = found.cover.failure ?? "Cover Art Archive: no cover"
        } else if found == nil, let lookupFailure {
            fallback = lookupFailure
        } else {
            return result.source == .generated ? result.failure : nil
        }
        guard let own = ownFailure, own != fallback else { return fallback }
        return "\(own); then \(fallback ?? "")"
    }
}

/// The labels and closing lines of `covers fetch`: one label per album (`found`, `fetched`, `cached`,
/// `generated`, `failed`, `offline`), then a count of each and the reasons for the failures. A reason
/// that would repeat for every album is said once: that no server could be reached (no network), or
/// that MusicBrainz stopped being asked after failing several times in a row.
struct CoversReport {
    let covers: [FetchedCover]
    /// Why no server could be reached, when none answered this run and some could not be reached.
    let noNetwork: String?

    init(_ covers: [FetchedCover]) {
        self.covers = covers
        let answered = covers.contains {
            $0.result.source == .network || ($0.askedMusicBrainz && $0.lookupFailure == nil)
        }
        let unreachable = covers.lazy.compactMap { $0.failure.flatMap(Self.unreachableReason) }.first
        noNetwork = answered ? nil : unreachable
    }

    /// The label of one album's line.
    func label(of cover: FetchedCover) -> String {
        if cover.found?.foundCover == true { return "found" }
        // The album's own cover URL failed for a reason of its own: that is a failure, whatever the lookup met.
        if let own = cover.ownFailure, Self.unreachableReason(own) == nil, !Self.isOffline(own) {
            return "failed"
        }
        if noNetwork != nil, cover.notAsked || cover.failure.flatMap(Self.unreachableReason) != nil {
            return "offline"
        }
        if Self.isOffline(cover.result.failure) { return "offline" }
        if cover.notAsked || cover.failure != nil { return "failed" }
        switch cover.result.source {
        case .cache: return "cached"
        case .network, .file: return "fetched"
        case .generated: return "generated"
        }
    }

    /// The lines after the albums': the counts, then the reasons.
    var lines: [String] {
        let labels = covers.map(label(of:))
        let count = { (label: String) in labels.count { $0 == label } }
        let offline = count("offline")
        let albums = { (count: Int) in "\(count) album\(count == 1 ? " uses" : "s use")" }
        var lines = [
            "\(covers.count) cover\(covers.count == 1 ? "" : "s"): \(count("fetched")) fetched, "
                + "\(count("cached")) cached, \(count("generated")) generated, \(count("failed")) failed"
                + (covers.contains(where: \.askedMusicBrainz)
                    ? ", \(covers.count { $0.found != nil }) found on MusicBrainz" : "")
                + (offline > 0 ? "; offline: \(albums(offline)) generated artwork" : "")
        ]
        for (cover, label) in zip(covers, labels)
        where label == "failed" && (!cover.notAsked || cover.ownFailure != nil) {
            lines.append("  \(cover.album.title): \(cover.failure ?? "")")
        }
        let notAsked = covers.filter { $0.notAsked && label(of: $0) == "failed" }
        if let first = notAsked.first {
            lines.append(
                "  \(first.lookupFailure ?? "MusicBrainz: stopped asking"); "
                    + "\(notAsked.count) album\(notAsked.count == 1 ? " was" : "s were") not looked up")
        }
        if let noNetwork { lines.append("  no server could be reached (\(noNetwork))") }
        // Why the run is offline, once (libcurl missing, say); not when BLUELIBRARY_OFFLINE asked for it.
        let reasons = Set(covers.compactMap { Self.offlineReason($0.result) })
        for reason in reasons.sorted() { lines.append("  \(reason)") }
        return lines.map(\.escapingControlCharacters)
    }

    /// Whether a cover failed only because this run has no network (`BLUELIBRARY_OFFLINE`, no libcurl).
    static func isOffline(_ failure: String?) -> Bool {
        failure?.contains("offline") ?? false
    }

    /// The reason an offline cover gives, without its "GET URL: "; `nil` for other results and for a run
    /// made offline on purpose.
    static func offlineReason(_ result: CoverResult) -> String? {
        guard result.source == .generated, isOffline(result.failure), let failure = result.failure else {
            return nil
        }
        let prefix = "GET \(result.url): "
        let reason = failure.hasPrefix(prefix) ? String(failure.dropFirst(prefix.count)) : failure
        return reason == "offline (no HTTP client)" ? nil : reason
    }

    /// The reason a request failed when no server was reached at all (its name unknown, the
    /// connection refused), else `nil`; a lookup that stopped asking carries its last reason.
    static func unreachableReason(_ failure: String) -> String? {
        let trimmed = failure.hasSuffix(")") ? String(failure.dropLast()) : failure
        for reason in ["unknown host", "connection refused"] where trimmed.hasSuffix(": " + reason) {
            return reason
        }
        return nil
    }
}
