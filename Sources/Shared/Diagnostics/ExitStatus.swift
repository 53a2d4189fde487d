/// How a command-line program of this package exits, in the BSD `sysexits.h` convention, so a script
/// can tell a mistake in its own arguments from damaged data or a failing disk.
package enum ExitStatus: Int32, Sendable, Hashable, CaseIterable {
    /// Everything went as asked.
    case success = 0
    /// The command was used wrongly: an unknown option, a missing value, no terminal (`EX_USAGE`).
    case usage = 64
    /// The input data is wrong: a damaged or foreign file, a value that does not parse (`EX_DATAERR`).
    case dataError = 65
    /// An input file or directory does not exist or cannot be read (`EX_NOINPUT`).
    case noInput = 66
    /// A service or library the command needs is not there (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// A fault of the program itself (`EX_SOFTWARE`).
    case software = 70
    /// Reading or writing a file failed (`EX_IOERR`).
    case ioError = 74

    /// The number the process exits with.
    package var code: Int32 { rawValue }
}
