import BlueLibraryCovers
import Foundation
import TestSupport

/// The fixture server every cover test uses: each path is one way a cover server can answer.
enum CoverFixtures {
    static let png: [UInt8] = {
        var pixels: [UInt8] = []
        for _ in 0..<(6 * 6) { pixels += [30, 160, 90, 255] }
        guard let image = RGBAImage(width: 6, height: 6, pixels: pixels),
            let bytes = try? ImageCodec.encodePNG(image)
        else { preconditionFailure("cannot make the fixture PNG") }
        return bytes
    }()

    /// The server. Its answers to `/held/…` paths wait until `gate` opens (at once without one), so a
    /// test keeps downloads in flight for as long as it needs, however slow the machine.
    static func server(bodyLimit: Int = 10 * 1024 * 1024, gate: ReplyGate? = nil) throws -> FixtureHTTPServer
    {
        try FixtureHTTPServer { path in
            if path.hasPrefix("/held/") { gate?.wait() }
            return switch path {
            case "/cover.png", "/a/cover.png", "/b/cover.png":
                .response(status: 200, headers: ["Content-Type": "image/png"], body: png)
            case "/photo.jpg": .response(status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg)
            case "/garbage.png":
                .response(status: 200, headers: ["Content-Type": "image/png"], body: Array("not a png".utf8))
            case "/hang.png": .hang
            case "/huge.png": .endless(count: bodyLimit + 1_000_000)
            // 2 GB without a Content-Length, as a hostile cover URL once sent.
            case "/endless.png": .endless(count: 2_000_000_000)
            case "/exact.png":
                .response(status: 200, headers: [:], body: [UInt8](repeating: 7, count: bodyLimit))
            case "/huge-declared.png":
                .response(status: 200, headers: [:], body: [UInt8](repeating: 0, count: bodyLimit + 1))
            case "/loop": .response(status: 302, headers: ["Location": "/loop"], body: [])
            case "/headers":
                .response(
                    status: 200, headers: ["Content-Type": "application/json", "X-Fixture-Note": "a: b "],
                    body: Array("{}".utf8))
            case "/moved.png": .response(status: 301, headers: ["Location": "/cover.png"], body: [])
            case "/to-file.png":
                .response(status: 302, headers: ["Location": "file:///etc/passwd"], body: [])
            case let held where held.hasPrefix("/held/"):
                .response(status: 200, headers: [:], body: png)
            default: .response(status: 404, headers: [:], body: Array("not found".utf8))
            }
        }
    }

    static var jpeg: [UInt8] {
        // A JPEG made by our own PNG path is not possible; the covers tests ship one, read it from there.
        let path = #filePath.replacingOccurrences(
            of: "ServicesTests/CoverFixtures.swift",
            with: "CoversTests/Fixtures/split-16x12.jpg")
        return (try? [UInt8](contentsOf: path)) ?? []
    }
}

/// A door the fixture server's answers wait behind until the test opens it; once open it stays open.
/// Only the server's own threads wait at it, never a test's cooperative thread.
final class ReplyGate: Sendable {
    private let opened = DispatchSemaphore(value: 0)

    /// Lets every waiting and later answer go.
    func open() { opened.signal() }

    /// Blocks the calling thread (one of the fixture server's) until the gate is open.
    func wait() {
        opened.wait()
        // Passed on, so the next answer gets through too.
        opened.signal()
    }
}

extension [UInt8] {
    init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw CocoaError(.fileNoSuchFile) }
        self = Array(data)
    }
}
