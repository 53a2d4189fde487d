import BlueLibraryCore
import BlueLibraryServices

/// System: `ping`, `getLicense`, `getUser`, `tokenInfo`, `getMusicFolders`, `startScan`, `getScanStatus`
/// (`getOpenSubsonicExtensions` answers before logging in, in ``SubsonicAPI/respond(to:)``).
extension SubsonicAPI {
    static let systemEndpoints: [String: Endpoint] = [
        "ping": { _, _ in .ok },
        "getLicense": { _, _ in
            var license = SubsonicElement()
            license.set(.valid, true)
            return .element(.license, license)
        },
        "getUser": { api, call in try await api.user(call) },
        // The `apiKeyAuthentication` extension: who the key (or the credentials) logs in as.
        "tokenInfo": { _, call in
            var info = SubsonicElement()
            info.set(.username, call.user.name)
            return .element(.tokenInfo, info)
        },
        "getMusicFolders": { _, _ in
            var folder = SubsonicElement()
            folder.set(.id, SubsonicShapes.musicFolderID)
            folder.set(.name, "Music")
            var folders = SubsonicElement()
            folders.add(.musicFolder, list: [folder])
            return .element(.musicFolders, folders)
        },
        // A rescan of the music folders (`import DIR` for each), in the background, by the administrator; a
        // second `startScan` while one runs answers the running one. `count`: the files accounted for so far.
        "startScan": { api, call in
            guard call.user.isAdmin else {
                throw SubsonicError.notAuthorized("only the administrator may start a scan")
            }
            return scanStatus(api.scan?.start())
        },
        "getScanStatus": { api, _ in scanStatus(api.scan?.state()) },
    ]

    private static func scanStatus(_ state: ScanState?) -> Outcome {
        var status = SubsonicElement()
        status.set(.scanning, state?.scanning ?? false)
        status.set(.count, state?.count ?? 0)
        return .element(.scanStatus, status)
    }

    /// `getUser?username=`: the user's roles. Anyone may ask about themselves (without `username`: the
    /// user logged in, as an API key's holder learns who they are); only the administrator about another.
    private func user(_ call: Call) async throws -> Outcome {
        let name = call.parameters["username"] ?? call.user.name
        guard StoredUser.nameKey(name) == StoredUser.nameKey(call.user.name) || call.user.isAdmin else {
            throw SubsonicError.notAuthorized("only the administrator may see another user")
        }
        guard let user = try await library.listening({ try $0.user(named: name) }) else {
            throw SubsonicError.notFound("no user named \(name.prefix(64))")
        }
        return .element(.user, Self.userElement(user))
    }
}
