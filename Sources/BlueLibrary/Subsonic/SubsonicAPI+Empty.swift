/// What this server has nothing of — podcasts — answered with valid empty results: clients show an error
/// for a failure.
extension SubsonicAPI {
    static let emptyEndpoints: [String: Endpoint] = [
        "getPodcasts": { _, _ in .element("podcasts", SubsonicElement()) }
    ]
}
