/// A failed Subsonic call: one of the protocol's error codes and a message. It is answered with HTTP 200
/// and `status="failed"`, as the protocol asks (clients read the code, not the HTTP status).
struct SubsonicError: Error, Sendable, Equatable {
    /// The protocol's code.
    var code: Int
    /// One line saying what is wrong.
    var message: String

    /// 0: a generic error (a bad value, something the server cannot do).
    static func generic(_ message: String) -> SubsonicError { SubsonicError(code: 0, message: message) }
    /// 10: a required parameter is missing.
    static func missing(_ parameter: String) -> SubsonicError {
        SubsonicError(code: 10, message: "Required parameter is missing: \(parameter)")
    }
    /// 40: wrong username or password (or token).
    static let wrongCredentials = SubsonicError(code: 40, message: "Wrong username or password")
    // 41 (token authentication not supported for a user) and 42 (a way of logging in the server does not
    // take) never arise: every user may log in in each of the three ways, since the server can unseal
    // every password to check a token.
    /// 43: several authentication mechanisms at once.
    static let conflictingAuthentication = SubsonicError(
        code: 43, message: "Multiple conflicting authentication mechanisms provided")
    /// 44: an API key this server does not know.
    static let invalidAPIKey = SubsonicError(code: 44, message: "Invalid API key")
    /// 50: the user may not do this.
    static func notAuthorized(_ message: String) -> SubsonicError {
        SubsonicError(code: 50, message: message)
    }
    /// 70: the requested data was not found.
    static func notFound(_ message: String) -> SubsonicError { SubsonicError(code: 70, message: message) }
}
