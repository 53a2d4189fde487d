// Memento — capture an object's internal state in an opaque token, so it can be restored later
// without exposing how the object is built.
//
// The originator (a scribble) makes a memento of its drawing; a caretaker stores it — here flattened
// to bytes, as the book archives it to a file — and later hands it back to restore. Only the
// originator can read the memento's contents. Use it for undo snapshots, saved state and crash
// recovery. Don't snapshot huge state on every change: record commands instead (see Command).
//
// BlueLibrary: the saved current album — `CurrentAlbum` (Sources/BlueLibraryCore/LibraryState.swift)
// is saved with every change and restored, clamped, by `LibraryAPI` on the next launch.

import Foundation

/// The opaque snapshot: callers can store and reload its bytes, but only `Scribble` reads them.
struct ScribbleMemento: Sendable {
    /// The flattened state, ready to be written anywhere.
    let data: Data

    fileprivate init(snapshot: MarkSnapshot) throws {
        data = try JSONEncoder().encode(snapshot)
    }

    /// Rebuilds a memento from bytes a caretaker stored earlier.
    init(data: Data) {
        self.data = data
    }

    fileprivate func snapshot() throws -> MarkSnapshot {
        try JSONDecoder().decode(MarkSnapshot.self, from: data)
    }
}

/// A value copy of a mark tree: what the memento holds inside.
private indirect enum MarkSnapshot: Codable {
    case vertex(Point)
    case dot(Point, RGBColor, Int)
    case stroke(RGBColor, Int, [MarkSnapshot])

    init(_ mark: any Mark) {
        switch mark {
        case let stroke as Stroke:
            self = .stroke(stroke.color ?? .black, stroke.size, stroke.children.map(MarkSnapshot.init))
        case let dot as Dot:
            self = .dot(dot.location, dot.color ?? .black, dot.size)
        default:
            self = .vertex(mark.location)
        }
    }

    func makeMark() -> any Mark {
        switch self {
        case .vertex(let location): Vertex(location)
        case .dot(let location, let color, let size): Dot(location, color: color, size: size)
        case .stroke(let color, let size, let children):
            Stroke(color: color, size: size, children: children.map { $0.makeMark() })
        }
    }
}

/// The originator: a drawing in progress.
final class Scribble {
    private(set) var drawing: Stroke

    init(drawing: Stroke = Stroke(color: .black, size: 1)) {
        self.drawing = drawing
    }

    func add(_ mark: any Mark) {
        drawing.add(mark)
    }

    func makeMemento() throws -> ScribbleMemento {
        try ScribbleMemento(snapshot: MarkSnapshot(drawing))
    }

    /// Replaces the drawing with the one captured in `memento`.
    func restore(from memento: ScribbleMemento) throws {
        if let stroke = try memento.snapshot().makeMark() as? Stroke {
            drawing = stroke
        }
    }
}

/// The caretaker: keeps mementos under names without looking inside (a stand-in for files).
struct ScribbleManager {
    private var saved: [String: Data] = [:]

    mutating func save(_ memento: ScribbleMemento, as name: String) {
        saved[name] = memento.data
    }

    func memento(named name: String) -> ScribbleMemento? {
        saved[name].map(ScribbleMemento.init(data:))
    }
}

/// Saves a scribble, keeps drawing, then restores the saved state.
func runMementoDemo(on console: any Console) {
    let scribble = Scribble(drawing: SampleDrawing.make())
    var manager = ScribbleManager()
    do {
        let memento = try scribble.makeMemento()
        manager.save(memento, as: "before")
        console.print(
            "Saved a memento of \(memento.data.count) bytes; the drawing has \(scribble.drawing.count) marks")
        scribble.add(Dot(Point(x: 40, y: 40), color: .green, size: 6))
        scribble.add(Dot(Point(x: 41, y: 41), color: .green, size: 6))
        console.print("Kept drawing: \(scribble.drawing.count) marks")
        if let saved = manager.memento(named: "before") {
            try scribble.restore(from: saved)
        }
        console.print("Restored: \(scribble.drawing.count) marks again")
    } catch {
        console.print("Could not save or restore the scribble: \(error)")
    }
}
