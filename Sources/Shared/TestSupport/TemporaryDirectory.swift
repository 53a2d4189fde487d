import Foundation

/// A fresh directory under the system's temporary directory, removed when released. Tests use one
/// each so they never touch a real library or each other.
package final class TemporaryDirectory: Sendable {
    /// The directory's path.
    package let path: String

    /// Creates a new, empty directory.
    package init(_ label: String = "bluelibrary") {
        let name = "\(label)-\(UUID().uuidString.prefix(8))"
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    package func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// Writes `text` to a file inside the directory and returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) -> String {
        let target = file(name)
        _ = FileManager.default.createFile(atPath: target, contents: Data(text.utf8))
        return target
    }

    /// The bytes of a file, or `nil` when it does not exist.
    package func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: name.hasPrefix("/") ? name : file(name)).map(Array.init)
    }

    /// Removes the directory with everything in it. A store released without being closed closes its
    /// connections on a thread of its own, and may write a file (SQLite's `-wal`, `-shm`) into the
    /// directory while it is being removed, which then fails as not empty: it is tried again, for up to
    /// two seconds, until the directory is gone.
    deinit {
        for _ in 0..<100 {
            try? FileManager.default.removeItem(atPath: path)
            guard FileManager.default.fileExists(atPath: path) else { return }
            usleep(20_000)
        }
    }
}
