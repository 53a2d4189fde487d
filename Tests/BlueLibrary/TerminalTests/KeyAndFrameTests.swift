import BlueLibraryPresentation
import BlueLibraryTerminal
import TerminalKit
import Testing

struct KeyParserTests {
    @Test(
        arguments: [
            ("\u{1B}[D", [Key.left]), ("\u{1B}[C", [.right]), ("\u{1B}OH", [.home]), ("\u{1B}[4~", [.end]),
            ("\u{1B}[3~", [.delete]), ("\u{12}", [.control("r")]),
            ("du", [.character("d"), .character("u")]),
            ("\u{1B}", [.escape]), ("\r", [.enter]), ("\u{7F}", [.backspace]), ("é", [.character("é")]),
            ("\u{1B}[<0;12;3M", [.click(column: 11, row: 2)]), ("\u{1B}[<0;12;3m", []),
            ("\u{1B}[<2;5;5M", []),
            ("\u{1B}[Z", [.backTab]),
        ] as [(String, [Key])])
    func bytesBecomeKeys(input: String, keys: [Key]) async {
        var parser = KeyParser()
        #expect(parser.feed(Array(input.utf8)) == keys)
    }

    @Test func aSequenceSplitAcrossReadsIsJoined() async {
        var parser = KeyParser()
        #expect(parser.feed(Array("\u{1B}[".utf8), flushEscape: false) == [])
        #expect(parser.feed(Array("C".utf8)) == [.right])
    }
}

struct FrameRendererTests {
    @Test func onlyChangedCellsAreWritten() async {
        var first = TerminalScreen(width: 20, height: 5)
        first.write("hello", x: 0, y: 0)
        var second = first
        second.put("J", x: 3, y: 2)
        let renderer = FrameRenderer(mode: .noColor)
        let full = renderer.update(from: nil, to: first)
        let delta = renderer.update(from: first, to: second)
        #expect(full.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        #expect(delta == "\u{1B}[3;4H\u{1B}[0mJ\u{1B}[0m")
        #expect(renderer.update(from: second, to: second).isEmpty)
    }

    @Test func coloursFollowTheMode() async {
        let style = CellStyle(
            foreground: RGB(255, 0, 0), background: RGB(0, 0, 255), bold: true)
        #expect(FrameRenderer(mode: .trueColor).sgr(style) == "\u{1B}[0;1;38;2;255;0;0;48;2;0;0;255m")
        #expect(FrameRenderer(mode: .palette256).sgr(style) == "\u{1B}[0;1;38;5;196;48;5;21m")
        #expect(FrameRenderer(mode: .noColor).sgr(style) == "\u{1B}[0;1m")
    }

    @Test func albumTextCannotMoveTheCursor() async {
        var screen = TerminalScreen(width: 20, height: 1)
        screen.write("evil\u{1B}[2Jtext", x: 0, y: 0)
        #expect(screen.text == "evil?[2Jtext")
    }
}
