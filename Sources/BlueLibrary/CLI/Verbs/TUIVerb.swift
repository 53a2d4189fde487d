import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryTerminal
import Diagnostics

/// `bluelibrary tui`: the album screen, full-screen in the terminal.
struct TUIVerb: Verb {
    static let spec = VerbSpec(
        name: "tui", summary: "browse the library full-screen, covers and all",
        details: KeyHelp.helpText + "\n"
            + """
            A click on a cover selects it. Changes made elsewhere show within a second. The screen fits
            terminals from 40×12; a taller one shows larger covers and more details.
            Colours: true colour when COLORTERM says so, 256 colours otherwise, none with NO_COLOR.
            """)
    static let services: ServiceNeeds = [.covers]

    init(_ arguments: ParsedArguments) {}

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        context.out.flush()
        _ = try await TerminalRunner.run(
            library: context.library, covers: context.requireCovers(), sync: context.sync,
            environment: context.console.environment)
        return .success
    }
}
