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

/// A fixture that could not be made.
package struct FixtureError: Error, CustomStringConvertible {
    package var description: String

    /// An error saying `description`.
    package init(description: String) {
        self.description = description
    }
}
