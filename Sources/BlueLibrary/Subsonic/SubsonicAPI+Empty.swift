/// What this server has nothing of — podcasts, videos, chat — answered, for the getters, with valid empty
/// results: clients show an error for a failure.
extension SubsonicAPI {
    static let emptyEndpoints: [String: Endpoint] = {
        var table: [String: Endpoint] = [:]
        let empty: [(endpoint: String, element: SubsonicName)] = [
            ("getPodcasts", .podcasts), ("getNewestPodcasts", .newestPodcasts), ("getVideos", .videos),
            ("getChatMessages", .chatMessages),
        ]
        for (endpoint, element) in empty {
            table[endpoint] = { _, _ in .element(element, SubsonicElement()) }
        }
        return table
    }()
}
