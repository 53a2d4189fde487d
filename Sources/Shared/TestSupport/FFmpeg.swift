import Foundation

/// Runs Debian's ffmpeg (installed by `scripts/setup.sh` for the tests) without blocking a cooperative
/// thread.
package enum FFmpeg {
    /// Runs `ffmpeg -nostdin -y -v error` with `arguments`.
    /// - Throws: ``FixtureError`` with ffmpeg's message when it fails.
    package static func run(_ arguments: [String]) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-nostdin", "-y", "-v", "error"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
            }
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
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
