/// What this server has nothing of — similar songs, artist and album notes,
/// radio, podcasts — answered with valid empty results: clients show an error for a failure.
extension SubsonicAPI {
    static let emptyEndpoints: [String: Endpoint] = {
        var table: [String: Endpoint] = [:]
        let empty: [(endpoint: String, element: String)] = [
            ("getTopSongs", "topSongs"), ("getSimilarSongs", "similarSongs"),
            ("getSimilarSongs2", "similarSongs2"), ("getArtistInfo", "artistInfo"),
            ("getArtistInfo2", "artistInfo2"), ("getAlbumInfo", "albumInfo"), ("getAlbumInfo2", "albumInfo"),
            ("getInternetRadioStations", "internetRadioStations"),
            ("getPodcasts", "podcasts"),
        ]
        for (endpoint, element) in empty {
            table[endpoint] = { _, _ in .element(element, SubsonicElement()) }
        }
        return table
    }()
}
