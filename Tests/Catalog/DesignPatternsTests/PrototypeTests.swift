import Testing

@testable import DesignPatterns

struct PrototypeTests {
    @Test func cloneOfALeafIsADistinctObjectWithEqualState() {
        let dot = Dot(Point(x: 3, y: 4), color: .blue, size: 7)
        let copy = dot.clone()
        #expect(copy !== dot)
        #expect(copy.location == dot.location)
        #expect(copy.color == dot.color)
        #expect(copy.size == dot.size)
        dot.location = Point(x: 0, y: 0)
        #expect(copy.location == Point(x: 3, y: 4))
    }

    @Test func aDotClonedThroughVertexIsStillADotWithItsColourAndSize() throws {
        let vertex: Vertex = Dot(Point(x: 3, y: 4), color: .green, size: 9)
        let copy = vertex.clone()
        #expect(copy !== vertex)
        let dot = try #require(copy as? Dot, "Vertex's clone makes the receiver's own class")
        #expect(dot.location == Point(x: 3, y: 4))
        #expect(dot.color == .green)
        #expect(dot.size == 9)
    }

    @Test func cloneThroughTheAbstractInterfaceKeepsTheConcreteType() {
        let marks: [any Mark] = [
            Vertex(.origin), Dot(.origin, color: .red, size: 1), Stroke(color: .red, size: 1),
        ]
        for mark in marks {
            let copy = mark.clone()
            #expect(type(of: copy) == type(of: mark))
            #expect(copy !== mark)
        }
    }

    @Test func cloneCopiesChildrenDeeply() throws {
        let original = SampleDrawing.make()
        let copy = original.clone()
        #expect(copy.visited(by: OutlineWriter()).lines == original.visited(by: OutlineWriter()).lines)
        let originalMarks = Array(original.descendants)
        let copiedMarks = Array(copy.descendants)
        #expect(originalMarks.count == copiedMarks.count)
        for (a, b) in zip(originalMarks, copiedMarks) {
            #expect(a !== b, "no mark is shared between a drawing and its copy")
        }
    }

    @Test func copiedDrawingIsUnaffectedWhenTheOriginalIsEdited() throws {
        let original = SampleDrawing.make()
        let saved = original.clone()
        let savedOutline = saved.visited(by: OutlineWriter()).lines

        let zigZag = try #require(original.child(at: 0))
        let tick = try #require(zigZag.child(at: 2))
        original.add(Dot(Point(x: 50, y: 50), color: .red, size: 8))
        zigZag.add(Vertex(Point(x: 30, y: 5)))
        tick.color = .blue
        let tickStart = try #require(tick.child(at: 0))
        tickStart.location = Point(x: 99, y: 99)
        let dot = try #require(original.child(at: 1))
        original.remove(dot)

        #expect(original.visited(by: OutlineWriter()).lines != savedOutline)
        #expect(saved.visited(by: OutlineWriter()).lines == savedOutline)
    }

    @Test func demoShowsTheCopyUnchanged() {
        let output = lines(of: runPrototypeDemo)
        #expect(output.contains("After editing the original: original has 3 children, the copy 2"))
        #expect(output.contains("Zig-zag points: original 5, copy 4"))
    }
}
