/// What this server has nothing of — bookmarks, play queues, similar songs, artist and album notes,
/// radio, podcasts — answered with valid empty results: clients show an error for a failure.
extension SubsonicAPI {
    static let emptyEndpoints: [String: Endpoint] = {
        var table: [String: Endpoint] = [:]
        let empty: [(endpoint: String, element: String)] = [
            ("getBookmarks", "bookmarks"), ("getTopSongs", "topSongs"), ("getSimilarSongs", "similarSongs"),
            ("getSimilarSongs2", "similarSongs2"), ("getArtistInfo", "artistInfo"),
            ("getArtistInfo2", "artistInfo2"), ("getAlbumInfo", "albumInfo"), ("getAlbumInfo2", "albumInfo"),
            ("getInternetRadioStations", "internetRadioStations"),
            ("getPodcasts", "podcasts"),
        ]
        for (endpoint, element) in empty {
            table[endpoint] = { _, _ in .element(element, SubsonicElement()) }
        }
        // No queue was saved: the protocol answers that with no `playQueue` at all.
        table["getPlayQueue"] = { _, _ in .ok }
        return table
    }()
}
