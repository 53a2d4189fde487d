import TestSupport

extension CLIHome {
    /// Starts `bluelibrary tui ARGUMENTS` on this home in `tmux` (offline, a 256-colour terminal); when it
    /// exits, the pane says `EXITED` and its status, and stays a minute for the test to read it.
    func startTUI(in tmux: TmuxSession, _ arguments: String = "", width: Int = 100, height: Int = 30)
        async throws
    {
        let binary = BinaryRunner.productsDirectory + "/bluelibrary"
        let variables = environment.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        try await tmux.start(
            "env \(variables) BLUELIBRARY_OFFLINE=1 TERM=xterm-256color \(binary) tui \(arguments); echo EXITED $?;"
                + " sleep 60",
            width: width, height: height)
    }
}
