import Foundation
import TestSupport
import Testing

/// `recordings` as a process: help, usage errors and a damaged store, each one clear line and a
/// sysexits status.
struct RecordingsCommandLineTests {
    let home = TemporaryDirectory("recordings-cli")

    @Test func helpListsTheOptionsAndTheKeys() async throws {
        let result = try await BinaryRunner.run("recordings", ["--help"])
        #expect(result.status == 0)
        for text in ["--architecture NAME", "mvvm-c", "--store DIR", "--device NAME", "Space", "q   "] {
            #expect(result.stdout.contains(text), "\(text)")
        }
    }

    @Test(
        arguments: [
            (
                ["--architecture", "mvp"],
                "unknown architecture 'mvp': use one of mvc, mvvm-c, mvc-vs, mavb, tea"
            ),
            (["--store"], "option '--store' needs a value"),
            (["--loud"], "unknown argument '--loud' (see recordings --help)"),
        ])
    func usageErrorsAreOneLineAndStatus64(arguments: [String], message: String) async throws {
        let result = try await BinaryRunner.run("recordings", arguments)
        #expect(result.status == 64)
        #expect(result.stderr == "recordings: \(message)\n")
    }

    @Test func aDamagedStoreIsRefusedWithStatus65AndLeftAlone() async throws {
        let path = home.write("store.json", "{\"format\": \"recordings\", \"version\": 1, \"id\": ")
        let result = try await BinaryRunner.run("recordings", ["--store", home.path])
        #expect(result.status == 65)
        #expect(result.stderr == "recordings: \(path): not valid JSON\n")
        #expect(
            home.read("store.json") == Array("{\"format\": \"recordings\", \"version\": 1, \"id\": ".utf8))
    }

    @Test func withoutATerminalItSaysSo() async throws {
        let result = try await BinaryRunner.run("recordings", [], environment: ["RECORDINGS_HOME": home.path])
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "recordings: recordings needs a terminal: standard input and output must both be one\n")
    }

    @Test func aNameWithTerminalControlsReachesStandardErrorWithoutThem() async throws {
        let name = "\u{1B}]0;pwned\u{07}\u{1B}[2JWork"
        _ = home.write(
            "store.json",
            #"{"format": "recordings", "version": 1, "id": "00000000-0000-0000-0000-000000000000", "contents": ["#
                + #"{"kind": "folder", "id": "8D6A4C9E-0000-4000-8000-000000000001", "name": "\u001b]0;pwned\u0007\u001b[2JWork", "contents": []}]}"#
        )
        let result = try await BinaryRunner.run("recordings", ["--store", home.path])
        #expect(result.status == 65)
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(result.stderr.hasSuffix("(\"Work\"): A name can't contain control characters.\n"), "\(name)")
    }
}
