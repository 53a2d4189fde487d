import BlueLibraryCore
import SystemFiles

/// A library's settings — what `bluelibrary config` shows and changes — kept in a small text file of
/// `name = value` lines where ``LibraryLocation/settingsPath(ofLibrary:environment:)`` says (beside a
/// library file). A library without the file has the defaults. The file is replaced whole and
/// atomically (``SystemFiles/AtomicFile``), and read anew at each use, so a running server follows a
/// change the command line makes.
package struct LibrarySettings: Sendable, Equatable {
    /// Whether every edit of an album's or a track's fields (and its undo or redo) is written into the
    /// files' tags at once (`write-tags`, off by default).
    package var writeTags = false

    /// Each setting's name, with what it means, for `config` and its help.
    package static let all: [(name: String, meaning: String)] = [
        ("write-tags", "write every edit into the files' tags at once (on or off; off by default)")
    ]

    /// The defaults.
    package init() {}

    /// The text of the setting `name` (`on`/`off`).
    /// - Throws: ``LibraryError`` `usage` for a name that is no setting.
    package func value(of name: String) throws -> String {
        try Self.check(name)
        return writeTags ? "on" : "off"
    }

    /// Sets `name` from its text.
    /// - Throws: ``LibraryError`` `usage` for a name that is no setting, `invalidField` for a value it
    ///   does not take.
    package mutating func set(_ name: String, to text: String) throws {
        try Self.check(name)
        switch text.lowercased() {
        case "on", "true", "yes", "1": writeTags = true
        case "off", "false", "no", "0": writeTags = false
        default:
            throw LibraryError(
                .invalidField, "invalid value '\(text.prefix(80))' for \(name): it is on or off")
        }
    }

    /// The settings in the file at `path`; the defaults when there is no file.
    /// - Throws: ``LibraryError`` `io` when it cannot be read, `malformedInput` naming its line when a
    ///   line is not `name = value` or a known setting's value is not one it takes (a name it does not
    ///   know is skipped).
    package static func read(from path: String) throws -> LibrarySettings {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maximumSize: 64 * 1024)
        } catch .missing {
            return LibrarySettings()
        } catch {
            throw LibraryError(.io, "cannot read the settings '\(path)': \(error)")
        }
        var settings = LibrarySettings()
        for (number, line) in String(decoding: bytes, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            let text = String(line).trimmed
            if text.isEmpty || text.hasPrefix("#") { continue }
            let parts = text.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
            do {
                guard parts.count == 2 else { throw LibraryError(.malformedInput, "not 'name = value'") }
                // A setting this version does not know (a later one's) is left for the version that does.
                guard all.contains(where: { $0.name == parts[0] }) else { continue }
                try settings.set(parts[0], to: parts[1])
            } catch let error as LibraryError {
                throw LibraryError(
                    .malformedInput, "the settings '\(path)' line \(number + 1): \(error.message)")
            }
        }
        return settings
    }

    /// Replaces the file at `path` with these settings, atomically.
    /// - Throws: ``LibraryError`` `io` naming the file.
    package func write(to path: String) throws {
        var text = "# BlueLibrary's settings of this library (bluelibrary config NAME on|off)\n"
        for (name, _) in Self.all { text += "\(name) = \((try? value(of: name)) ?? "")\n" }
        do {
            let file = try AtomicFile(replacing: path)
            if let code = FileDescriptor.writeAll(file.descriptor, Array(text.utf8)) {
                throw file.failure(code)
            }
            try file.commit()
        } catch {
            throw LibraryError(.io, "\(error)")
        }
    }

    private static func check(_ name: String) throws {
        guard all.contains(where: { $0.name == name }) else {
            throw LibraryError(
                .usage,
                "unknown setting '\(name.prefix(80))': the settings are \(all.map(\.name).joined(separator: ", "))"
            )
        }
    }
}
