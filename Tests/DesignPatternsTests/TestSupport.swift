@testable import DesignPatterns

/// The lines a demo (or any code writing to a console) produces.
func lines(of body: (any Console) -> Void) -> [String] {
    let console = RecordingConsole()
    body(console)
    return console.lines
}
