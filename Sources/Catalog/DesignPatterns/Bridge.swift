// Bridge — separate an abstraction from its implementation so the two can vary independently.
//
// The book's virtual game console: a controller (the abstraction, refined by a touch controller
// with one method per button) holds a console emulator (the implementor). `setCommand(_:)` tells
// the emulator to load the instructions for a command and then to execute them; the book makes it
// the one method subclasses must not override, so here it is `final`. Each emulator loads and runs
// instructions in its own platform's way; plugging in another needs no change on the controller
// side, and a new controller works with every emulator. Use it when two dimensions vary
// (controllers × consoles) and you would otherwise need a subclass for every pair. Don't use it when
// there is one implementation: a protocol is enough.
//
// Departs from the book: its emulators' methods have empty bodies; here they print what their
// hardware would do, so a run shows the two platforms differ.
//
// BlueLibrary: catalog only — the app's faces share one controller and talk to one LibraryAPI.

/// The buttons a console understands (the book's `ConsoleCommand`).
enum ConsoleCommand: String, CaseIterable, Sendable {
    case up, down, left, right, select, start, action1, action2
}

/// The implementor (the book's abstract `ConsoleEmulator`): loads a command's instructions, then
/// executes them, each emulator in its own platform's way.
protocol ConsoleEmulator {
    mutating func loadInstructions(for command: ConsoleCommand)
    mutating func executeInstructions()
}

/// Emulates a Game Boy: a Sharp LR35902 that polls a joypad of A, B, Select and Start.
struct GameBoyEmulator: ConsoleEmulator {
    private let console: any Console
    private var loaded: String?

    init(console: any Console) {
        self.console = console
    }

    mutating func loadInstructions(for command: ConsoleCommand) {
        let button =
            switch command {
            case .up, .down, .left, .right: "D-pad \(command.rawValue)"
            case .select: "SELECT"
            case .start: "START"
            case .action1: "A"
            case .action2: "B"
            }
        loaded = "poll joypad register FF00 for \(button)"
        console.print("GameBoy: load \(loaded ?? "")")
    }

    mutating func executeInstructions() {
        console.print("GameBoy: run on the Sharp LR35902: \(loaded ?? "nothing")")
        loaded = nil
    }
}

/// Emulates a Game Gear: a Zilog Z80 reading buttons 1 and 2 from an I/O port; it has a Start button
/// but no Select, so its emulator plays Select as Start.
struct GameGearEmulator: ConsoleEmulator {
    private let console: any Console
    private var loaded: String?

    init(console: any Console) {
        self.console = console
    }

    mutating func loadInstructions(for command: ConsoleCommand) {
        loaded =
            switch command {
            case .up, .down, .left, .right: "read port DC for \(command.rawValue)"
            case .select, .start: "read port 00 for START"
            case .action1: "read port DC for button 1"
            case .action2: "read port DC for button 2"
            }
        console.print("GameGear: load \(loaded ?? "")")
    }

    mutating func executeInstructions() {
        console.print("GameGear: run on the Zilog Z80: \(loaded ?? "nothing")")
        loaded = nil
    }
}

/// The abstraction: a controller with a pluggable emulator (a class: a physical controller has
/// identity, and the touch controller refines it by subclassing, as in the book).
class ConsoleController {
    /// Swap this at any time; nothing else on the controller side changes.
    var emulator: any ConsoleEmulator

    init(emulator: any ConsoleEmulator) {
        self.emulator = emulator
    }

    /// Tells the emulator to load the instructions for `command`, then to execute them. Final, as the
    /// book requires: every controller reaches the emulator the same way.
    final func setCommand(_ command: ConsoleCommand) {
        emulator.loadInstructions(for: command)
        emulator.executeInstructions()
    }
}

/// The refined abstraction: a touch pad whose buttons map to commands.
final class TouchConsoleController: ConsoleController {
    func up() { setCommand(.up) }
    func down() { setCommand(.down) }
    func left() { setCommand(.left) }
    func right() { setCommand(.right) }
    func select() { setCommand(.select) }
    func start() { setCommand(.start) }
    func action1() { setCommand(.action1) }
    func action2() { setCommand(.action2) }
}

/// Presses buttons with a Game Boy plugged in, swaps in a Game Gear, presses again.
func runBridgeDemo(on console: any Console) {
    let controller = TouchConsoleController(emulator: GameBoyEmulator(console: console))
    controller.start()
    controller.up()
    controller.action1()
    console.print("-- plug in a Game Gear; the controller is unchanged --")
    controller.emulator = GameGearEmulator(console: console)
    controller.start()
    controller.up()
    controller.action1()
}
