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
    func setCommandLoadsThenExecutes(command: ConsoleCommand) async {
        let log = RecordingConsole()
        let controller = ConsoleController(emulator: RecordingEmulator(log: log, name: "A"))
        controller.setCommand(command)
        #expect(log.lines == ["A load \(command.rawValue)", "A execute"])
    }

    @Test func touchButtonsMapToTheirCommands() async {
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

    @Test func swappingTheEmulatorNeedsNoControllerChange() async {
        let log = RecordingConsole()
        let pad = TouchConsoleController(emulator: RecordingEmulator(log: log, name: "A"))
        pad.start()
        pad.emulator = RecordingEmulator(log: log, name: "B")
        pad.start()
        #expect(log.lines == ["A load start", "A execute", "B load start", "B execute"])
    }

    @Test func realEmulatorsLoadThenExecuteTheSameCommands() async {
        let console = RecordingConsole()
        let pad = TouchConsoleController(emulator: GameBoyEmulator(console: console))
        pad.action2()
        pad.emulator = GameGearEmulator(console: console)
        pad.action2()
        #expect(
            console.lines == [
                "GameBoy: load poll joypad register FF00 for B",
                "GameBoy: run on the Sharp LR35902: poll joypad register FF00 for B",
                "GameGear: load read port DC for button 2",
                "GameGear: run on the Zilog Z80: read port DC for button 2",
            ])
    }

    @Test(arguments: ConsoleCommand.allCases)
    func eachEmulatorSuppliesItsOwnPlatformBehaviour(command: ConsoleCommand) async {
        func behaviour(_ make: (any Console) -> any ConsoleEmulator, prefix: String) -> [String] {
            let console = RecordingConsole()
            var emulator = make(console)
            emulator.loadInstructions(for: command)
            emulator.executeInstructions()
            return console.lines.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
        }
        let gameBoy = behaviour({ GameBoyEmulator(console: $0) }, prefix: "GameBoy: ")
        let gameGear = behaviour({ GameGearEmulator(console: $0) }, prefix: "GameGear: ")
        #expect(gameBoy.count == 2 && gameGear.count == 2, "each loads, then executes")
        #expect(gameBoy[0] != gameGear[0], "loading \(command) differs between the platforms")
        #expect(gameBoy[1] != gameGear[1], "executing \(command) differs between the platforms")
    }

    /// A subclass must not change how a command reaches the emulator. (Compiled as another module,
    /// an override of any non-`open` method is refused; the compiler says "final" only for a final one.)
    static let subclassSnippet = """
        @testable import DesignPatterns

        final class JoystickController: ConsoleController {
            override func setCommand(_ command: ConsoleCommand) {}
        }
        """
}

extension BridgeTests {
    /// What only the compiler can show. Each check runs `swiftc`, a process of its own: the suite is
    /// named so that it runs with the end-to-end tests, a few at once (scripts/test.sh).
    struct CompilerChecks {
        @Test func setCommandIsFinal() async throws {
            let errors = try await ModuleInspection.typeCheck(BridgeTests.subclassSnippet)
            #expect(
                errors.contains { $0.line == 4 && $0.message.contains("overrides a 'final'") }, "\(errors)")
        }
    }
}
