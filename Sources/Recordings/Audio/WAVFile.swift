import Foundation

/// Reads WAV (RIFF) files of the app's format: the header for a recording's length, the samples for
/// playback. Other programs' WAV files are accepted as long as they are 16-bit PCM.
public struct WAVFile: Sendable, Equatable {
    /// Frames per second.
    public var sampleRate: Int
    /// Channels.
    public var channels: Int
    /// The samples, interleaved when there is more than one channel.
    public var samples: [Int16]

    /// The length in seconds.
    public var duration: Double {
        Double(samples.count / max(channels, 1)) / Double(max(sampleRate, 1))
    }

    /// Reads and checks the file at `path`.
    /// - Throws: `missingFile` when it does not exist, `file` when it is not 16-bit PCM WAV.
    public static func read(_ path: String) throws(AudioError) -> WAVFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AudioError(.missingFile, "the audio file \(path) is missing")
        }
        return try parse([UInt8](data), path: path)
    }

    /// The file in `bytes`; `path` only names it in errors.
    public static func parse(_ bytes: [UInt8], path: String = "the file") throws(AudioError) -> WAVFile {
        func bad(_ what: String) -> AudioError {
            AudioError(.file, "\(path) is not a WAV file this app plays: \(what)")
        }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8),
            bytes[8..<12].elementsEqual("WAVE".utf8)
        else { throw bad("no RIFF/WAVE header") }
        var offset = 12
        var format: (channels: Int, rate: Int, bits: Int, pcm: Bool)?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(le32(bytes, offset + 4))
            let body = offset + 8
            let end = min(body + size, bytes.count)
            if id == "fmt ", end - body >= 16 {
                format = (
                    Int(le16(bytes, body + 2)), Int(le32(bytes, body + 4)), Int(le16(bytes, body + 14)),
                    le16(bytes, body) == 1
                )
            } else if id == "data" {
                guard let format else { throw bad("the data comes before the format") }
                guard format.pcm, format.bits == 16, format.channels > 0, format.rate > 0 else {
                    throw bad("not 16-bit PCM")
                }
                let count = (end - body) / 2
                var samples = [Int16](repeating: 0, count: count)
                for index in 0..<count {
                    samples[index] = Int16(bitPattern: le16(bytes, body + 2 * index))
                }
                return WAVFile(sampleRate: format.rate, channels: format.channels, samples: samples)
            }
            offset = body + size + (size & 1)
        }
        throw bad("no data chunk")
    }

    /// Only the length of the file at `path`, from its header.
    public static func duration(of path: String) throws(AudioError) -> Double {
        try read(path).duration
    }

    private static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(le16(bytes, at)) | UInt32(le16(bytes, at + 2)) << 16
    }
}
