import Testing

@testable import DesignPatterns

struct CommandTests {
    @Test func undoReversesAndRedoReapplies() {
        let drawing = Stroke(color: .black, size: 1)
        let history = CommandHistory()
        let dot = Dot(Point(x: 1, y: 1), color: .red, size: 2)
        history.perform(AddMarkCommand(mark: dot, target: drawing))
        history.perform(ChangeColorCommand(mark: drawing, to: .blue))
        #expect(drawing.count == 1)
        #expect(drawing.color == .blue)

        #expect(history.undo())
        #expect(drawing.color == .black)
        #expect(history.undo())
        #expect(drawing.count == 0)
        #expect(!history.canUndo)
        #expect(!history.undo(), "nothing left to undo")

        #expect(history.redo())
        #expect(drawing.child(at: 0) === dot)
        #expect(history.redo())
        #expect(drawing.color == .blue)
        #expect(!history.redo(), "nothing left to redo")
    }

    @Test func aNewCommandClearsTheRedoStack() {
        let drawing = Stroke(color: .black, size: 1)
        let history = CommandHistory()
        history.perform(AddMarkCommand(mark: Vertex(.origin), target: drawing))
        history.undo()
        #expect(history.canRedo)
        history.perform(AddMarkCommand(mark: Vertex(Point(x: 1, y: 1)), target: drawing))
        #expect(!history.canRedo)
        #expect(!history.redo())
        #expect(drawing.count == 1)
    }

    @Test func historyLogsEveryRequest() {
        var log: [String] = []
        let history = CommandHistory { log.append($0) }
        let drawing = Stroke(color: .black, size: 1)
        history.perform(ChangeColorCommand(mark: drawing, to: .red))
        history.undo()
        history.redo()
        #expect(
            log == ["do colour rgb(255, 0, 0)", "undo colour rgb(255, 0, 0)", "redo colour rgb(255, 0, 0)"])
    }
}
