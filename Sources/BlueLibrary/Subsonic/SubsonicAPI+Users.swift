import BlueLibraryCore

/// Users: `getUsers`, `createUser`, `updateUser`, `deleteUser` (the administrator only) and
/// `changePassword` (the administrator for anyone, a user for themselves) — the same accounts as
/// `bluelibrary user`, with the same checks of names and passwords. There is one administrator, the
/// first user (when it is deleted the role goes to the oldest user left): a call that would make another
/// one, or none, is refused.
extension SubsonicAPI {
    static let userEndpoints: [String: Endpoint] = [
        "getUsers": { api, call in try await api.users(call) },
        "createUser": { api, call in try await api.createUser(call) },
        "updateUser": { api, call in try await api.updateUser(call) },
        "deleteUser": { api, call in try await api.deleteUser(call) },
        "changePassword": { api, call in try await api.changePassword(call) },
    ]

    /// A user as the protocol's `User`: the roles this server gives (administrator, streaming,
    /// downloading, playlists) and the one music folder.
    static func userElement(_ user: StoredUser) -> SubsonicElement {
        var element = SubsonicElement()
        element.set(.username, user.name)
        element.set(.scrobblingEnabled, true)
        element.set(.adminRole, user.isAdmin)
        element.set(.settingsRole, false)
        element.set(.downloadRole, true)
        element.set(.uploadRole, false)
        element.set(.playlistRole, true)
        element.set(.coverArtRole, false)
        element.set(.commentRole, false)
        element.set(.podcastRole, false)
        element.set(.streamRole, true)
        element.set(.jukeboxRole, user.isAdmin)
        element.set(.shareRole, true)
        element.set(.videoConversionRole, false)
        element.set(.maxBitRate, user.maxBitRate)
        element.add(.folder, values: [.int(SubsonicShapes.musicFolderID)])
        return element
    }

    /// `maxBitRate` when given: the user's highest streaming bit rate, kbit/s (0 for none).
    private static func maxBitRate(_ parameters: SubsonicParameters) throws -> Int? {
        guard let text = parameters["maxBitRate"] else { return nil }
        guard let kilobits = Int(text), (0...10_000).contains(kilobits) else {
            throw SubsonicError.generic(
                "maxBitRate \(text.prefix(20)) is not kbit/s from 0 (no limit) to 10000")
        }
        return kilobits
    }

    /// Refuses a call of anyone but the administrator.
    private static func requireAdmin(_ call: Call, to action: String) throws {
        guard call.user.isAdmin else {
            throw SubsonicError.notAuthorized("only the administrator may \(action)")
        }
    }

    /// Refuses `adminRole` when it asks for another administrator than `user` (or none).
    private static func checkAdminRole(_ parameters: SubsonicParameters, isAdmin: Bool) throws {
        guard let asked = parameters["adminRole"].map({ $0.lowercased() == "true" }), asked != isAdmin else {
            return
        }
        throw SubsonicError.generic(
            "this server has one administrator, the first user; adminRole cannot be \(asked ? "given" : "taken away")"
        )
    }

    private func users(_ call: Call) async throws -> Outcome {
        try Self.requireAdmin(call, to: "list the users")
        let users = try await library.listening { try $0.users() }
        var element = SubsonicElement()
        element.add(.user, list: users.map(Self.userElement))
        return .element(.users, element)
    }

    /// `createUser?username=&password=` (`email` and the other roles are not kept).
    private func createUser(_ call: Call) async throws -> Outcome {
        try Self.requireAdmin(call, to: "add users")
        let parameters = call.parameters
        let name = try parameters.required("username")
        let password = try Self.decodedPassword(try parameters.required("password"))
        try Self.checkAdminRole(parameters, isAdmin: false)
        let limit = try Self.maxBitRate(parameters)
        try await accounts.add(name, password: password)
        if let limit { try await accounts.setMaxBitRate(of: name, to: limit) }
        return .ok
    }

    /// `updateUser?username=&password=`: a new password (the roles this server has cannot change).
    private func updateUser(_ call: Call) async throws -> Outcome {
        try Self.requireAdmin(call, to: "change users")
        let parameters = call.parameters
        let name = try parameters.required("username")
        guard let user = try await accounts.user(named: name) else {
            throw SubsonicError.notFound("no user named \(name.prefix(64))")
        }
        try Self.checkAdminRole(parameters, isAdmin: user.isAdmin)
        if let password = parameters["password"] {
            try await accounts.setPassword(of: user.name, to: try Self.decodedPassword(password))
        }
        if let limit = try Self.maxBitRate(parameters) {
            try await accounts.setMaxBitRate(of: user.name, to: limit)
        }
        return .ok
    }

    /// `deleteUser?username=`: the user and everything kept for them (never the caller themselves).
    private func deleteUser(_ call: Call) async throws -> Outcome {
        try Self.requireAdmin(call, to: "delete users")
        let name = try call.parameters.required("username")
        guard StoredUser.nameKey(name) != StoredUser.nameKey(call.user.name) else {
            throw SubsonicError.generic(
                "the administrator cannot delete themselves; 'bluelibrary user remove' can")
        }
        try await accounts.remove(name)
        return .ok
    }

    /// `changePassword?username=&password=` (clear or `enc:`).
    private func changePassword(_ call: Call) async throws -> Outcome {
        let parameters = call.parameters
        let name = try parameters.required("username")
        let password = try Self.decodedPassword(try parameters.required("password"))
        guard StoredUser.nameKey(name) == StoredUser.nameKey(call.user.name) || call.user.isAdmin else {
            throw SubsonicError.notAuthorized("only the administrator may change another user's password")
        }
        try await accounts.setPassword(of: name, to: password)
        return .ok
    }
}
