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

extension FFmpeg {
    /// What ffprobe reads of an audio file or stream.
    package struct Probe: Sendable {
        /// The first audio stream's codec (`mp3`, `opus`, `aac`, `vorbis`, `flac`).
        package var codec: String
        /// The container as ffprobe names it (`mp3`, `ogg`, `aac`, `mov,mp4,m4a,3gp,3g2,mj2`, `flac`).
        package var container: String
        package var sampleRate: Int
        package var channels: Int
        /// The length in seconds, from decoding every packet (a stream's container may not say).
        package var duration: Double
    }

    /// Reads the file at `path` with ffprobe; its duration is counted from its packets.
    package static func probe(_ path: String) async throws -> Probe {
        let (output, errors, status) = try await TestThreads.run {
            try Subprocess(
                "/usr/bin/ffprobe",
                [
                    "-v", "error", "-count_packets", "-select_streams", "a:0", "-show_entries",
                    "stream=codec_name,sample_rate,channels,time_base:format=format_name", "-show_entries",
                    "packet=pts,duration", "-of", "json", path,
                ],
                environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
            ).communicate()
        }
        guard status == 0,
            let json = try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any],
            let stream = (json["streams"] as? [[String: Any]])?.first
        else {
            throw FixtureError(
                description: "ffprobe cannot read \(path): \(String(decoding: errors, as: UTF8.self))")
        }
        let format = json["format"] as? [String: Any]
        let base = (stream["time_base"] as? String)?.split(separator: "/").compactMap { Double($0) } ?? []
        let unit = base.count == 2 && base[1] > 0 ? base[0] / base[1] : 0
        // From the first packet's start to the last one's end.
        let packets = (json["packets"] as? [[String: Any]]) ?? []
        let starts = packets.compactMap { ($0["pts"] as? Int) }
        let ends = packets.compactMap { packet -> Int? in
            guard let pts = packet["pts"] as? Int else { return nil }
            return pts + ((packet["duration"] as? Int) ?? 0)
        }
        let duration = Double((ends.max() ?? 0) - (starts.min() ?? 0)) * unit
        return Probe(
            codec: stream["codec_name"] as? String ?? "", container: format?["format_name"] as? String ?? "",
            sampleRate: Int(stream["sample_rate"] as? String ?? "") ?? 0,
            channels: stream["channels"] as? Int ?? 0,
            duration: duration)
    }
}
