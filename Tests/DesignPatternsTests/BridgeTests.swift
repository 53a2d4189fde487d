import Testing

@testable import DesignPatterns

struct BridgeTests {
    /// A test twin emulator: records "load X" and "execute" as they arrive.
    struct RecordingEmulator: ConsoleEmulator {
        let log: RecordingConsole
        let name: String
        mutating func loadInstructions(for command: ConsoleCommand) {
            log.print("\(name) load \(command.rawValue)")
        }
        mutating func executeInstructions() { log.print("\(name) execute") }
    }

    @Test(arguments: ConsoleCommand.allCases)
    func setCommandLoadsThenExecutes(command: ConsoleCommand) {
        let log = RecordingConsole()
        let controller = ConsoleController(emulator: RecordingEmulator(log: log, name: "A"))
        controller.setCommand(command)
        #expect(log.lines == ["A load \(command.rawValue)", "A execute"])
    }

    @Test func touchButtonsMapToTheirCommands() {
        let log = RecordingConsole()
        let pad = TouchConsoleController(emulator: RecordingEmulator(log: log, name: "A"))
        pad.up()
        pad.down()
        pad.left()
        pad.right()
        pad.select()
        pad.start()
        pad.action1()
        pad.action2()
        let expected = ConsoleCommand.allCases.flatMap { ["A load \($0.rawValue)", "A execute"] }
        #expect(log.lines == expected)
    }

    @Test func swappingTheEmulatorNeedsNoControllerChange() {
        let log = RecordingConsole()
        let pad = TouchConsoleController(emulator: RecordingEmulator(log: log, name: "A"))
        pad.start()
        pad.emulator = RecordingEmulator(log: log, name: "B")
        pad.start()
        #expect(log.lines == ["A load start", "A execute", "B load start", "B execute"])
    }

    @Test func realEmulatorsLoadThenExecuteTheSameCommands() {
        let console = RecordingConsole()
        let pad = TouchConsoleController(emulator: GameBoyEmulator(console: console))
        pad.action2()
        pad.emulator = GameGearEmulator(console: console)
        pad.action2()
        #expect(
            console.lines == [
                "GameBoy: load instructions for action2", "GameBoy: execute action2",
                "GameGear: load instructions for action2", "GameGear: execute action2",
            ])
    }
}
