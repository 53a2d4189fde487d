// Bridge — separate an abstraction from its implementation so the two can vary independently.
//
// The book's virtual game console: a controller (the abstraction, refined by a touch controller
// with one method per button) holds a console emulator (the implementor). The controller turns each
// button into a command and tells the emulator to load its instructions and execute them; plugging
// in another emulator needs no change on the controller side, and a new controller works with every
// emulator. Use it when two dimensions vary (controllers × consoles) and you would otherwise need a
// subclass for every pair. Don't use it when there is one implementation: a protocol is enough.
//
// BlueLibrary: catalog only — the app's faces share one controller and talk to one LibraryAPI.

/// The buttons a console understands.
enum ConsoleCommand: String, CaseIterable, Sendable {
    case up, down, left, right, select, start, action1, action2
}

/// The implementor: an emulator that loads a command's instructions and then executes them.
protocol ConsoleEmulator {
    mutating func loadInstructions(for command: ConsoleCommand)
    mutating func executeInstructions()
}

/// What the two sample emulators share: they write what the hardware would do to a console. (Real
/// emulators would differ in everything below `ConsoleEmulator`; these differ in name only.)
protocol PrintingEmulator: ConsoleEmulator {
    var name: String { get }
    var console: any Console { get }
    var loaded: ConsoleCommand? { get set }
}

extension PrintingEmulator {
    mutating func loadInstructions(for command: ConsoleCommand) {
        loaded = command
        console.print("\(name): load instructions for \(command.rawValue)")
    }

    mutating func executeInstructions() {
        console.print("\(name): execute \(loaded?.rawValue ?? "nothing")")
        loaded = nil
    }
}

/// Emulates a Game Boy.
struct GameBoyEmulator: PrintingEmulator {
    let name = "GameBoy"
    let console: any Console
    var loaded: ConsoleCommand?

    init(console: any Console) {
        self.console = console
    }
}

/// Emulates a Game Gear: same commands, different hardware.
struct GameGearEmulator: PrintingEmulator {
    let name = "GameGear"
    let console: any Console
    var loaded: ConsoleCommand?

    init(console: any Console) {
        self.console = console
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

    /// Tells the emulator to load the instructions for `command`, then to execute them.
    func setCommand(_ command: ConsoleCommand) {
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
