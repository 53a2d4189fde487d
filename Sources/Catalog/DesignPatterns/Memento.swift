// Memento — capture an object's internal state in an opaque token, so it can be restored later
// without exposing how the object is built.
//
// The book's originator, a `Scribble`, makes a `ScribbleMemento` of its drawing; a caretaker, the
// `ScribbleManager`, keeps it and later hands it back to restore. Only the originator can look
// inside a memento or make one: here its contents are `fileprivate` to this file, and the caretaker
// lives in a file of its own, so the compiler itself keeps it out. Use it for undo snapshots, saved
// state and crash recovery. Don't snapshot huge state on every change: record commands instead (see
// Command).
//
// Departs from the book: its memento offers its archived bytes (`data`, `mementoWithData:`) so the
// caretaker can write them to a file; here the caretaker keeps the memento itself, because bytes it
// can read back are bytes it could decode, or forge into a memento.
//
// BlueLibrary: the saved current album — `CurrentAlbum` is saved with every change and restored,
// clamped, by `LibraryAPI` on the next launch; PATTERNS.md names the files.

/// The opaque snapshot (the book's `ScribbleMemento`): a caretaker can keep one and hand it back,
/// but no code outside this file can look inside it or make one.
struct ScribbleMemento {
    /// A deep copy of the drawing (see Prototype), taken when the memento was made and never handed
    /// out, so later edits to the scribble cannot reach it.
    fileprivate let drawing: Stroke

    fileprivate init(copying drawing: Stroke) {
        self.drawing = drawing.clone()
    }
}

extension ScribbleMemento: CustomReflectable {
    /// Reflection shows nothing inside either: `Mirror` would otherwise hand anyone the drawing.
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// The originator: a drawing in progress (the book's `Scribble`).
final class Scribble {
    private(set) var drawing: Stroke

    init(drawing: Stroke = Stroke(color: .black, size: 1)) {
        self.drawing = drawing
    }

    func add(_ mark: any Mark) {
        drawing.add(mark)
    }

    /// A memento of the drawing as it is now (the book's `scribbleMemento`).
    func makeMemento() -> ScribbleMemento {
        ScribbleMemento(copying: drawing)
    }

    /// Replaces the drawing with a copy of the one in `memento` (the book's `attachStateFromMemento:`);
    /// the memento stays as it was, ready to restore again.
    func restore(from memento: ScribbleMemento) {
        drawing = memento.drawing.clone()
    }
}

/// Saves a scribble, keeps drawing, then restores the saved state.
func runMementoDemo(on console: any Console) {
    let scribble = Scribble(drawing: SampleDrawing.make())
    var manager = ScribbleManager()
    manager.save(scribble.makeMemento(), as: "before")
    console.print("Saved a memento; the drawing has \(scribble.drawing.count) marks")
    scribble.add(Dot(Point(x: 40, y: 40), color: .green, size: 6))
    scribble.add(Dot(Point(x: 41, y: 41), color: .green, size: 6))
    console.print("Kept drawing: \(scribble.drawing.count) marks")
    if let saved = manager.memento(named: "before") {
        scribble.restore(from: saved)
    }
    console.print("Restored: \(scribble.drawing.count) marks again")
}
