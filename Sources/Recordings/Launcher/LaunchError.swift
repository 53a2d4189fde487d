/// Why `recordings` did not start, with the sysexits status it exits with.
public struct LaunchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: Sendable {
        /// Wrong arguments, or no terminal (64).
        case usage
        /// A damaged or foreign store.json (65).
        case dataError
        /// The data directory cannot be created or read (74).
        case io

        /// The exit status.
        public var exitStatus: Int32 {
            switch self {
            case .usage: 64
            case .dataError: 65
            case .io: 74
            }
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// One line: what is wrong.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
