/// What this server has nothing of — internet radio, podcasts — answered with valid empty results:
/// clients show an error for a failure.
extension SubsonicAPI {
    static let emptyEndpoints: [String: Endpoint] = {
        var table: [String: Endpoint] = [:]
        let empty: [(endpoint: String, element: String)] = [
            ("getInternetRadioStations", "internetRadioStations"), ("getPodcasts", "podcasts"),
        ]
        for (endpoint, element) in empty {
            table[endpoint] = { _, _ in .element(element, SubsonicElement()) }
        }
        return table
    }()
}
