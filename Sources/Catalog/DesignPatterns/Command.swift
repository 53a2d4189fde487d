// Command — turn a request into an object, so it can be passed around, queued, logged, undone
// and redone.
//
// The book's drawing app pushes every drawing command on an undo stack (and undone ones on a redo
// stack), and each palette slider carries a command it simply executes on change (see Adapter).
// Use it when requests must outlive the call that made them: undo/redo, queues, macros, audit logs.
// Don't wrap a plain method call in a command type when nothing needs to store or reverse it: a
// closure is the lighter command.
//
// BlueLibrary: undo/redo of library edits — each change is a `HistoryCommand` with its inverse, which
// `LibraryAPI` undoes and redoes; PATTERNS.md names the files.

/// A request as a value: run it with `execute()`.
protocol Command {
    /// A short human name, for logs and menus ("Undo add dot").
    var name: String { get }
    func execute()
}

/// A command that can reverse its own effect.
protocol UndoableCommand: Command {
    func undo()
}

/// Adds a mark to a stroke; undo removes it again.
struct AddMarkCommand: UndoableCommand {
    let mark: any Mark
    let target: Stroke

    var name: String { "add \(summary(of: mark))" }

    func execute() { target.add(mark) }

    func undo() { target.remove(mark) }
}

/// Changes a mark's colour; undo restores the colour it had before.
struct ChangeColorCommand: UndoableCommand {
    let mark: any Mark
    let newColor: RGBColor
    let oldColor: RGBColor?

    init(mark: any Mark, to newColor: RGBColor) {
        self.mark = mark
        self.newColor = newColor
        self.oldColor = mark.color
    }

    var name: String { "colour \(newColor)" }

    func execute() { mark.color = newColor }

    func undo() { mark.color = oldColor }
}

/// Executes commands and keeps the undo and redo stacks (the invoker).
final class CommandHistory {
    private var undoStack: [any UndoableCommand] = []
    private var redoStack: [any UndoableCommand] = []
    private let log: (String) -> Void

    /// - Parameter log: told about every execute, undo and redo, for the demo's output.
    init(log: @escaping (String) -> Void = { _ in }) {
        self.log = log
    }

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    /// Runs `command` and records it for undo; a new command makes the redo stack meaningless, so
    /// it is cleared.
    func perform(_ command: any UndoableCommand) {
        command.execute()
        undoStack.append(command)
        redoStack.removeAll()
        log("do \(command.name)")
    }

    /// Undoes the most recent command; returns `false` when there is nothing to undo.
    @discardableResult
    func undo() -> Bool {
        guard let command = undoStack.popLast() else { return false }
        command.undo()
        redoStack.append(command)
        log("undo \(command.name)")
        return true
    }

    /// Executes the most recently undone command again; returns `false` when there is none.
    @discardableResult
    func redo() -> Bool {
        guard let command = redoStack.popLast() else { return false }
        command.execute()
        undoStack.append(command)
        log("redo \(command.name)")
        return true
    }
}

/// Draws with commands, undoes, redoes, and shows a new command clearing the redo stack.
func runCommandDemo(on console: any Console) {
    let drawing = Stroke(color: .black, size: 1)
    let history = CommandHistory { console.print($0) }
    let report = { console.print("  drawing: marks \(drawing.count), colour \(drawing.color ?? .black)") }
    history.perform(AddMarkCommand(mark: Dot(Point(x: 1, y: 1), color: .red, size: 2), target: drawing))
    history.perform(AddMarkCommand(mark: Vertex(Point(x: 4, y: 4)), target: drawing))
    history.perform(ChangeColorCommand(mark: drawing, to: .blue))
    report()
    history.undo()
    history.undo()
    report()
    history.redo()
    report()
    history.perform(AddMarkCommand(mark: Dot(Point(x: 9, y: 9), color: .green, size: 3), target: drawing))
    console.print("  can redo after a new command: \(history.canRedo)")
    report()
}
