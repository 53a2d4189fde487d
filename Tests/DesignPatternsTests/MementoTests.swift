import Foundation
import Testing

@testable import DesignPatterns

struct MementoTests {
    @Test func restoringReturnsToTheSavedState() throws {
        let scribble = Scribble(drawing: SampleDrawing.make())
        let saved = scribble.drawing.visited(by: OutlineWriter()).lines
        let memento = try scribble.makeMemento()
        scribble.add(Dot(Point(x: 40, y: 40), color: .green, size: 6))
        #expect(scribble.drawing.visited(by: OutlineWriter()).lines != saved)
        try scribble.restore(from: memento)
        #expect(scribble.drawing.visited(by: OutlineWriter()).lines == saved)
    }

    @Test func mementoIsNotChangedByLaterEdits() throws {
        let scribble = Scribble(drawing: SampleDrawing.make())
        let memento = try scribble.makeMemento()
        let bytes = memento.data
        scribble.drawing.child(at: 0)?.color = .blue
        #expect(memento.data == bytes)
        try scribble.restore(from: memento)
        #expect(scribble.drawing.child(at: 0)?.color == .red)
    }

    @Test func caretakerStoresOnlyBytesAndGivesTheMementoBack() throws {
        let scribble = Scribble()
        scribble.add(Vertex(Point(x: 1, y: 2)))
        var manager = ScribbleManager()
        manager.save(try scribble.makeMemento(), as: "one")
        #expect(manager.memento(named: "missing") == nil)

        let other = Scribble()
        try other.restore(from: try #require(manager.memento(named: "one")))
        #expect(other.drawing.count == 1)
        #expect(other.drawing.location == Point(x: 1, y: 2))
    }

    @Test func corruptBytesAreReportedNotCrashed() {
        let scribble = Scribble()
        #expect(throws: (any Error).self) {
            try scribble.restore(from: ScribbleMemento(data: Data("not a scribble".utf8)))
        }
    }
}
