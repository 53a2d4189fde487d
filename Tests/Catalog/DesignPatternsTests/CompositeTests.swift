import Testing

@testable import DesignPatterns

struct CompositeTests {
    @Test func strokeLocationIsItsFirstChildsLocation() {
        let stroke = Stroke(
            color: .red, size: 2, children: [Vertex(Point(x: 4, y: 9)), Vertex(Point(x: 1, y: 1))])
        #expect(stroke.location == Point(x: 4, y: 9))
        stroke.location = Point(x: 50, y: 50)
        #expect(
            stroke.location == Point(x: 4, y: 9), "a stroke's location cannot be set apart from its points")
    }

    @Test func emptyStrokeIsAtTheOrigin() {
        let stroke = Stroke(color: .red, size: 2)
        #expect(stroke.location == .origin)
        stroke.add(Dot(Point(x: 3, y: 5), color: .blue, size: 1))
        #expect(stroke.location == Point(x: 3, y: 5))
    }

    @Test func nestedStrokeLocationComesFromItsOwnFirstChild() {
        let inner = Stroke(color: .green, size: 1, children: [Vertex(Point(x: 7, y: 8))])
        let outer = Stroke(color: .black, size: 1, children: [inner, Vertex(Point(x: 1, y: 1))])
        #expect(outer.location == Point(x: 7, y: 8))
    }

    @Test func leavesIgnoreChildOperations() {
        let leaves: [any Mark] = [Vertex(Point(x: 1, y: 2)), Dot(Point(x: 3, y: 4), color: .red, size: 5)]
        for leaf in leaves {
            leaf.add(Vertex(.origin))
            leaf.remove(leaf)
            #expect(leaf.count == 0)
            #expect(leaf.lastChild == nil)
            #expect(leaf.child(at: 0) == nil)
        }
    }

    @Test func vertexIsOnlyALocation() {
        let vertex = Vertex(Point(x: 1, y: 2))
        vertex.color = .red
        vertex.size = 9
        #expect(vertex.color == nil)
        #expect(vertex.size == 0)
    }

    @Test func aDotIsAVertexThatAddsAColourAndASize() {
        let dot = Dot(Point(x: 3, y: 4), color: .red, size: 5)
        let vertex: Vertex = dot  // compiles only while Dot subclasses Vertex
        #expect(vertex.color == .red, "the dot overrides the colour a bare vertex ignores")
        #expect(vertex.size == 5)
        vertex.color = .blue
        vertex.size = 7
        #expect(dot.color == .blue)
        #expect(dot.size == 7)
        let marks: [any Mark] = [dot, Vertex(.origin), Stroke(color: .red, size: 1)]
        #expect(marks.map { $0 is Vertex } == [true, true, false])
    }

    @Test func aDotMadeFromALocationAloneHasNoColourOrSizeYet() {
        let dot = Dot(Point(x: 1, y: 1))
        #expect(dot.color == nil)
        #expect(dot.size == 0)
    }

    @Test func strokeKeepsChildrenInOrder() {
        let first = Vertex(Point(x: 0, y: 0))
        let dot = Dot(Point(x: 1, y: 1), color: .blue, size: 3)
        let nested = Stroke(color: .green, size: 1)
        let stroke = Stroke(color: .red, size: 2)
        stroke.add(first)
        stroke.add(dot)
        stroke.add(nested)
        #expect(stroke.count == 3)
        #expect(stroke.child(at: 0) === first)
        #expect(stroke.child(at: 1) === dot)
        #expect(stroke.lastChild === nested)
        #expect(stroke.child(at: 3) == nil)
        #expect(stroke.child(at: -1) == nil)
    }

    @Test func removingADirectChildRemovesItFromTheStrokeItself() {
        let dot = Dot(Point(x: 1, y: 1), color: .blue, size: 3)
        let vertex = Vertex(Point(x: 2, y: 2))
        let stroke = Stroke(color: .red, size: 2, children: [dot, vertex])
        stroke.remove(dot)
        #expect(stroke.count == 1)
        #expect(stroke.child(at: 0) === vertex)
    }

    @Test func removingRecursesIntoChildren() throws {
        let drawing = SampleDrawing.make()
        let zigZag = try #require(drawing.child(at: 0))
        let tick = try #require(zigZag.child(at: 2))
        let deepVertex = try #require(tick.child(at: 1))

        drawing.remove(deepVertex)
        #expect(tick.count == 1, "a vertex two levels down is found and removed")
        #expect(zigZag.count == 4)
        #expect(drawing.count == 2)

        drawing.remove(tick)
        #expect(zigZag.count == 3, "a nested stroke is removed from its parent")
        #expect(drawing.count == 2)
    }

    @Test func removingAnUnknownMarkChangesNothing() {
        let drawing = SampleDrawing.make()
        let before = drawing.visited(by: OutlineWriter()).lines
        drawing.remove(Vertex(Point(x: 2, y: 3)))
        #expect(
            drawing.visited(by: OutlineWriter()).lines == before, "removal is by identity, not equal location"
        )
    }

    @Test func drawingWalksTheTreeInOrder() {
        let stroke = Stroke(
            color: .red,
            size: 2,
            children: [
                Vertex(Point(x: 1, y: 1)),
                Stroke(color: .green, size: 1, children: [Vertex(Point(x: 5, y: 5))]),
                Dot(Point(x: 9, y: 9), color: .blue, size: 4),
            ]
        )
        let context = DrawingContext()
        stroke.draw(in: context)
        #expect(
            context.operations == [
                "move to (1, 1)",
                "line to (1, 1)",
                "move to (5, 5)",
                "line to (5, 5)",
                "stroke path, size 1, rgb(0, 255, 0)",
                "fill dot at (9, 9), size 4, rgb(0, 0, 255)",
                "stroke path, size 2, rgb(255, 0, 0)",
            ])
    }

    @Test func demoRemovesTheNestedTick() {
        let output = lines(of: runCompositeDemo)
        #expect(output.first == "The drawing has 2 direct children and starts at (2, 3)")
        #expect(
            output.last == "Removing the nested tick from the whole drawing leaves the zig-zag 3 children")
    }
}
