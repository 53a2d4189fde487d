import BlueLibraryCovers
import BlueLibraryTerminal
import TerminalKit
import Testing

struct TerminalArtTests {
    let redOverBlue: RGBAImage = {
        var pixels: [UInt8] = []
        for y in 0..<4 {
            for _ in 0..<4 { pixels += y < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        return RGBAImage(width: 4, height: 4, pixels: pixels)
            ?? GeneratedArtwork(artist: "", title: "").image()
    }()

    @Test(
        arguments: [
            ([:], "Palette256"),
            (["COLORTERM": "truecolor"], "TrueColor"),
            (["COLORTERM": "24bit"], "TrueColor"),
            (["COLORTERM": "truecolor", "NO_COLOR": "1"], "NoColor"),
            (["NO_COLOR": ""], "Palette256"),
        ] as [([String: String], String)])
    func theColourStrategyFollowsTheTerminal(environment: [String: String], strategy: String) {
        #expect("\(type(of: TerminalColors.strategy(environment: environment)))" == strategy)
    }

    @Test func halfBlocksPutTwoPixelsInEachCell() {
        let lines = TerminalArt.render(redOverBlue, width: 2, mode: .trueColor)
        #expect(lines.count == 1)
        #expect(
            lines[0] == String(repeating: "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀", count: 2) + "\u{1B}[0m"
        )
    }

    @Test func thePaletteFormUsesTheColourCube() {
        let lines = TerminalArt.render(redOverBlue, width: 2, mode: .palette256)
        #expect(lines[0].hasPrefix("\u{1B}[38;5;196m\u{1B}[48;5;21m▀"))
    }

    @Test func withoutColourBrightnessBecomesCharacters() {
        let lines = TerminalArt.render(redOverBlue, width: 4, mode: .noColor)
        #expect(lines.count == 2)
        #expect(!lines.joined().contains("\u{1B}"))
    }
}
