/// The command line of `recordings`: `--architecture NAME`, `--store DIR`, `--device NAME`, `--help`.
package struct LaunchOptions: Sendable, Equatable {
    /// The implementation to run.
    package var architecture = Architecture.mvc
    /// The data directory, when given.
    package var store: String?
    /// The ALSA device.
    package var device = "default"
    /// `--help` was asked for.
    package var help = false

    /// Parses the arguments (without the program name).
    /// - Throws: ``LaunchError`` (`usage`) naming the argument that is wrong.
    package static func parse(_ arguments: [String]) throws(LaunchError) -> LaunchOptions {
        var options = LaunchOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            var (name, inline) = (argument, String?.none)
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func value() throws(LaunchError) -> String {
                guard let value = inline ?? rest.popFirst(), !value.isEmpty else {
                    throw LaunchError(.usage, "option '\(name)' needs a value")
                }
                return value
            }
            switch name {
            case "-h", "--help": options.help = true
            case "--architecture", "-a":
                let text = try value()
                guard let architecture = Architecture(rawValue: text) else {
                    let names = Architecture.allCases.map(\.rawValue).joined(separator: ", ")
                    throw LaunchError(.usage, "unknown architecture '\(text)': use one of \(names)")
                }
                options.architecture = architecture
            case "--store": options.store = try value()
            case "--device": options.device = try value()
            default:
                throw LaunchError(.usage, "unknown argument '\(argument)' (see recordings --help)")
            }
        }
        return options
    }

    /// What `--help` prints.
    package static let usage = """
        recordings: voice notes in folders, recorded and played through ALSA, in a full-screen terminal UI.

        Usage: recordings [--architecture NAME] [--store DIR] [--device NAME]

        Options:
          --architecture NAME  mvc (default), mvvm-c, mvc-vs, mavb or tea: the same app, built five ways
          --store DIR          where store.json and the WAV files live (default: $RECORDINGS_HOME, else
                               $XDG_DATA_HOME/recordings, else ~/.local/share/recordings)
          --device NAME        the ALSA device (default: default; null works without sound hardware)
          -h, --help           this help
        """
}
