import BlueLibraryCore
import Foundation
import TestSupport
import Testing

/// Transcoding needs FFmpeg's libraries. A machine without them (played by `BLUELIBRARY_LIBAVCODEC`
/// naming a file that does not exist) still serves every file as it is; a transcode asked for is refused
/// with the reason, which the log says once per format, and `getTranscodeDecision` offers none.
@Suite(.timeLimit(.minutes(3)))
struct CLIWithoutFFmpegTests {
    let home = CLIHome()
    let music = MusicFolder()

    @Test func aServerWithoutFFmpegSendsFilesAsTheyAreAndSaysWhyItCannotTranscode() async throws {
        try await music.add("Band/Album/01.mp3", track("Song", by: "Band", on: "Album", number: 1))
        #expect(try await home.run(["import", music.root]).status == 0)
        #expect(try await home.run(["user", "add", "joe"], stdin: "secret\n").status == 0)
        let log = home.directory.file("serve.log")
        var environment = home.environment
        environment["BLUELIBRARY_LIBAVCODEC"] = "libavcodec-missing.so.59"
        let server = try await ServerProcess(environment: environment, stderr: log)
        let id = TrackID(path: music.path("Band/Album/01.mp3")).rawValue
        let login = "u=joe&p=secret&v=1.16.1&c=t&f=json"
        for _ in 0..<2 {
            let refused = try #require(
                try await LoopbackHTTP.request(
                    port: server.port, "GET", "/rest/stream?\(login)&id=\(id)&format=opus"))
            #expect(refused.status == 200)
            #expect(refused.body.contains(#""code":0"#), "\(refused.body)")
            #expect(refused.body.contains("cannot load FFmpeg's libavcodec"), "\(refused.body)")
        }
        let file = try #require(
            try await LoopbackHTTP.request(port: server.port, "GET", "/rest/stream?\(login)&id=\(id)"))
        #expect(file.status == 200 && file.body.utf8.count > 1000)
        let decision = try #require(
            try await LoopbackHTTP.request(
                port: server.port, "POST", "/rest/getTranscodeDecision?\(login)&mediaId=\(id)&mediaType=song",
                body:
                    #"{"name": "x", "platform": "y", "transcodingProfiles": [{"container": "ogg", "audioCodec": "opus", "protocol": "http"}]}"#
            ))
        #expect(decision.body.contains(#""canTranscode":false"#), "\(decision.body)")
        #expect(await server.stop().status == 0)
        let text = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        let lines = text.split(separator: "\n").filter { $0.contains("opus streams cannot be made") }
        #expect(lines.count == 1, "\(text)")
        #expect(lines.first?.contains("cannot load FFmpeg's libavcodec") == true)
    }
}
