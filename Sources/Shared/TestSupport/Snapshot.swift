import Foundation

/// Golden files for end-to-end output, kept under `Tests/<Suite>/Snapshots/` and reviewed in diffs.
/// Run the tests with `RECORD_SNAPSHOTS=1` to write them anew.
package enum Snapshot {
    /// Compares `text` with the snapshot `name` beside the test file; records it when asked to.
    /// - Returns: `nil` when it matches (or was recorded), otherwise a description of the difference.
    package static func check(_ text: String, named name: String, testFile: String = #filePath) -> String? {
        let directory = (testFile as NSString).deletingLastPathComponent + "/Snapshots"
        let path = directory + "/\(name).txt"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return "no snapshot at \(path); run with RECORD_SNAPSHOTS=1 to record it"
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != text else { return nil }
        return "output differs from \(path):\n--- expected\n\(expected)\n--- actual\n\(text)"
    }
}
