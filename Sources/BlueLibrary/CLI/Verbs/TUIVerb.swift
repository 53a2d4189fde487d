import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryScanner
import BlueLibraryServices
import BlueLibraryTerminal
import Diagnostics
import Synchronization

/// `bluelibrary tui [--device NAME] [--replaygain MODE] [--no-watch]`: the album screen, full-screen in the terminal, playing
/// the albums read from a music folder, and following its changes.
struct TUIVerb: Verb {
    static let spec = VerbSpec(
        name: "tui", summary: "browse the library full-screen, covers and all, and play its tracks",
        usage: "[--device NAME] [--replaygain off|track|album] [--no-watch]",
        options: [
            OptionSpec(
                name: "device", short: nil, value: "NAME",
                help: "the ALSA device to play on (default: default; null plays without sound hardware)"),
            OptionSpec(
                name: "replaygain", short: nil, value: "MODE",
                help: "the loudness played: track (default), album, or off (the files as recorded)"),
            OptionSpec(
                name: "no-watch", short: nil, value: nil,
                help: "do not follow the music folders' changes ('import DIR' still rescans)"),
        ],
        details: KeyHelp.helpText + "\n"
            + """
            A click on a cover selects it. Changes made elsewhere show within a second, and so do
            changes to the files of the music folders the library was imported from (--no-watch: not). The screen fits
            terminals from 40×12; a taller one shows larger covers and more details.
            Tracks play through ALSA: `default` reaches PipeWire or PulseAudio on a desktop. libsndfile
            plays MP3, FLAC, Ogg Vorbis, Opus and WAV, FFmpeg's libraries M4A/AAC and FLAC in Ogg; both
            are loaded the first time a track plays. A track that cannot play, or a missing device, is
            one line in the status bar. Each track plays at its ReplayGain loudness (--replaygain),
            never past its peak.
            Colours: true colour when COLORTERM says so, 256 colours otherwise, none with NO_COLOR.
            """)
    static let services: ServiceNeeds = [.covers]

    let device: String
    let replayGain: ReplayGainMode
    let watch: Bool

    init(_ arguments: ParsedArguments) throws {
        device = arguments["device"] ?? "default"
        guard !device.isEmpty else { throw Self.spec.usageError("--device needs an ALSA device name") }
        watch = !arguments.has("no-watch")
        let mode = arguments["replaygain"] ?? "track"
        guard let replayGain = ReplayGainMode(rawValue: mode) else {
            throw Self.spec.usageError("invalid --replaygain '\(mode)': use off, track or album")
        }
        self.replayGain = replayGain
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        context.out.flush()
        // A file an edit could not be written into (config write-tags on) is said when the screen closes:
        // a line on stderr would draw over it.
        let unwritten = Mutex<[String]>([])
        TagWriteOnEdit(
            library: context.library, environment: context.console.environment,
            report: { line in unwritten.withLock { $0.append(line) } }
        ).install()
        defer { for line in unwritten.withLock({ $0 }) { context.console.error(line) } }
        try await TerminalRunner.run(
            library: context.library, covers: context.requireCovers(), sync: context.sync,
            environment: context.console.environment, device: device, replayGain: replayGain,
            lyrics: MusicScanner(),
            alongside: watch
                ? [FolderWatcher(importer: FolderImporter(library: context.library), log: { _ in })] : [])
        return .success
    }
}
