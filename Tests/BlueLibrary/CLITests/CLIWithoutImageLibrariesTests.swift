import Foundation
import TestSupport
import Testing

/// libpng and libjpeg are loaded by the commands that decode covers. A machine without one is played by
/// `BLUELIBRARY_LIBPNG` / `BLUELIBRARY_LIBJPEG` naming a file that does not exist: covers of that format
/// show generated artwork with one line saying why, and every other command works as before.
struct CLIWithoutImageLibrariesTests {
    let home = CLIHome()

    /// An album whose cover is a local file of each format: 5 is a PNG, 6 a JPEG.
    private func addCovers() async throws {
        let png = home.directory.file("cover.png")
        #expect(FileManager.default.createFile(atPath: png, contents: Data(CLICoversTests.png)))
        let jpeg = home.directory.file("cover.jpg")
        try await FFmpeg.run(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", jpeg])
        _ = try await home.ok("add", "--title", "Png", "--artist", "Painter", "--cover", png)
        _ = try await home.ok("add", "--title", "Jpeg", "--artist", "Painter", "--cover", jpeg)
    }

    private func show(_ index: String, _ environment: [String: String]) async throws -> ProcessResult {
        try await home.run(
            ["covers", "show", index, "--width", "4"],
            environment: environment.merging(["NO_COLOR": "1"]) { $1 })
    }

    @Test(.timeLimit(.minutes(1))) func bothFormatsAreDrawnWhenTheLibrariesLoad() async throws {
        try await addCovers()
        for index in ["5", "6"] {
            let shown = try await show(index, [:])
            #expect(shown.status == 0)
            #expect(shown.stderr.isEmpty)
        }
    }

    /// Without one library, covers of its format fall back with the reason; the other format still draws.
    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            (
                "BLUELIBRARY_LIBPNG", "libbluelibrary-missing.so", "cover.png",
                "cannot load libpng (libbluelibrary-missing.so: cannot open shared object file: No such file or directory)"
            ),
            (
                "BLUELIBRARY_LIBJPEG", "libz.so.1", "cover.jpg",
                "cannot load libjpeg (it lacks jpeg_std_error)"
            ),
        ])
    func withoutTheLibraryACoverOfItsFormatIsGeneratedArtworkWithTheReason(
        variable: String, library: String, file: String, reason: String
    ) async throws {
        try await addCovers()
        let (index, other) = file.hasSuffix(".png") ? ("5", "6") : ("6", "5")
        let shown = try await show(index, [variable: library])
        #expect(shown.status == 0)
        #expect(
            shown.stderr
                == "bluelibrary: showing generated artwork: \(home.directory.file(file)): \(reason)\n")
        #expect(try await show(other, [variable: library]).stderr.isEmpty)
    }

    @Test func everythingElseWorksAsBefore() async throws {
        let missing = [
            "BLUELIBRARY_LIBPNG": "libbluelibrary-missing.so", "BLUELIBRARY_LIBJPEG": "missing.so",
        ]
        let list = try await home.run(["list", "madonna"], environment: missing)
        #expect(list.status == 0)
        #expect(list.stdout == "4  Madonna - American Pie (2000)\n")
        #expect(try await home.run(["delete", "0"], environment: missing).status == 0)
        #expect(try await home.run(["undo"], environment: missing).status == 0)
    }
}
