import BlueLibraryCore

/// Internet radio: `getInternetRadioStations` (everyone) and `createInternetRadioStation`,
/// `updateInternetRadioStation`, `deleteInternetRadioStation` (the administrator). A station is a name
/// and the http(s) address of its stream, which the app plays itself: the server never fetches it.
extension SubsonicAPI {
    static let radioEndpoints: [String: Endpoint] = [
        "getInternetRadioStations": { api, _ in try await api.radioStations() },
        "createInternetRadioStation": { api, call in try await api.saveRadioStation(call, id: nil) },
        "updateInternetRadioStation": { api, call in
            try await api.saveRadioStation(call, id: try call.parameters.required("id"))
        },
        "deleteInternetRadioStation": { api, call in try await api.deleteRadioStation(call) },
    ]

    /// The most stations kept.
    static let maximumRadioStations = 1_000
    /// The longest address accepted, in bytes.
    static let maximumURLLength = 2_000

    private func radioStations() async throws -> Outcome {
        let stations = try await library.listening { try $0.radioStations() }
        var element = SubsonicElement()
        element.add(
            .internetRadioStation,
            list: stations.map { station in
                var item = SubsonicElement()
                item.set(.id, station.id)
                item.set(.name, station.name)
                item.set(.streamUrl, station.streamURL)
                item.set(.homepageUrl, station.homepageURL.isEmpty ? nil : station.homepageURL)
                return item
            })
        return .element(.internetRadioStations, element)
    }

    /// `createInternetRadioStation?streamUrl=&name=&homepageUrl=`, or with `id` the station to change.
    private func saveRadioStation(_ call: Call, id: String?) async throws -> Outcome {
        guard call.user.isAdmin else {
            throw SubsonicError.notAuthorized("only the administrator may change the radio stations")
        }
        let parameters = call.parameters
        let stream = try Self.checkedURL(try parameters.required("streamUrl"), "streamUrl")
        let name = try Self.checkedText(try parameters.required("name"), what: "a station's name")
        let homepage =
            try parameters["homepageUrl"].map { $0.isEmpty ? "" : try Self.checkedURL($0, "homepageUrl") }
            ?? ""
        let (fresh, time) = (AlbumID.random().rawValue, now())
        try await library.changeUserData { writer in
            let stations = try writer.radioStations()
            let created: Int64
            if let id {
                guard let station = stations.first(where: { $0.id == id }) else {
                    throw SubsonicError.notFound("no radio station has id \(id.prefix(80))")
                }
                created = station.created
            } else {
                guard stations.count < Self.maximumRadioStations else {
                    throw SubsonicError.generic(
                        "this server keeps at most \(Self.maximumRadioStations) radio stations")
                }
                created = time
            }
            try writer.saveRadioStation(
                StoredRadioStation(
                    id: id ?? fresh, name: name, streamURL: stream, homepageURL: homepage, created: created))
        }
        return .ok
    }

    private func deleteRadioStation(_ call: Call) async throws -> Outcome {
        guard call.user.isAdmin else {
            throw SubsonicError.notAuthorized("only the administrator may change the radio stations")
        }
        let id = try call.parameters.required("id")
        try await library.changeUserData { writer in
            guard try writer.radioStations().contains(where: { $0.id == id }) else {
                throw SubsonicError.notFound("no radio station has id \(id.prefix(80))")
            }
            try writer.deleteRadioStation(id: id)
        }
        return .ok
    }

    /// An http or https address with a host, no spaces or control characters, at most 2,000 bytes.
    static func checkedURL(_ text: String, _ name: String) throws -> String {
        let lowered = text.lowercased()
        let rest =
            lowered.hasPrefix("https://")
            ? lowered.dropFirst(8) : lowered.hasPrefix("http://") ? lowered.dropFirst(7) : nil
        guard let rest, !rest.isEmpty, !rest.hasPrefix("/"), text.utf8.count <= maximumURLLength,
            !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else {
            throw SubsonicError.generic("\(name)=\(text.prefix(80)) is not an http or https address")
        }
        return text
    }
}
