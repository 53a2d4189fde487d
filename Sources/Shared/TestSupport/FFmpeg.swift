import Foundation

/// Runs Debian's ffmpeg (installed by `scripts/setup.sh` for the tests) without blocking a cooperative
/// thread.
package enum FFmpeg {
    /// Runs `ffmpeg -nostdin -y -v error` with `arguments`.
    /// - Throws: ``FixtureError`` with ffmpeg's message when it fails.
    package static func run(_ arguments: [String]) async throws {
        let (errors, status) = try await TestThreads.run {
            let process = try Subprocess(
                "/usr/bin/ffmpeg", ["-nostdin", "-y", "-v", "error"] + arguments,
                environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], stdout: .null)
            let (_, errors, status) = process.communicate()
            return (errors, status)
        }
        let message = String(decoding: errors, as: UTF8.self)
        guard status == 0 else {
            throw FixtureError(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(message)")
        }
    }
}

extension FFmpeg {
    /// The MD5 of the decoded audio of the file at `path` (`-f md5`): the same for two files whose
    /// audio is the same, whatever their tags.
    package static func audioDigest(_ path: String) async throws -> String {
        let (output, errors, status) = try await TestThreads.run {
            try Subprocess(
                "/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0:a", "-f", "md5", "-"],
                environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
            ).communicate()
        }
        guard status == 0 else {
            throw FixtureError(
                description: "ffmpeg cannot decode \(path): \(String(decoding: errors, as: UTF8.self))")
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A fixture that could not be made.
package struct FixtureError: Error, CustomStringConvertible {
    package var description: String

    /// An error saying `description`.
    package init(description: String) {
        self.description = description
    }
}
