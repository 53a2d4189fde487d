import Testing

@testable import DesignPatterns

struct VisitorTests {
    @Test func counterCountsEveryMarkInTheTree() {
        let counter = SampleDrawing.make().visited(by: MarkCounter())
        #expect(counter.strokes == 3)
        #expect(counter.dots == 1)
        #expect(counter.vertices == 5)
    }

    @Test func boundingBoxCoversTheWholeTree() throws {
        let drawing = SampleDrawing.make()
        let box = try #require(drawing.visited(by: BoundingBoxCalculator()).box)
        #expect(box == BoundingBox(minimum: Point(x: 2, y: 0), maximum: Point(x: 20, y: 30)))

        let tick = try #require(drawing.child(at: 0)?.child(at: 2))
        tick.add(Vertex(Point(x: -5, y: 40)))
        let grown = try #require(drawing.visited(by: BoundingBoxCalculator()).box)
        #expect(grown == BoundingBox(minimum: Point(x: -5, y: 0), maximum: Point(x: 20, y: 40)))
    }

    @Test func emptyTreeHasNoBoundingBox() {
        #expect(Stroke(color: .red, size: 1).visited(by: BoundingBoxCalculator()).box == nil)
    }

    @Test func outlineUsesVisitAndLeaveForDepth() {
        let outline = SampleDrawing.make().visited(by: OutlineWriter()).lines
        #expect(
            outline == [
                "stroke rgb(0, 0, 0) size 1",
                "  stroke rgb(255, 0, 0) size 2",
                "    vertex (2, 3)",
                "    vertex (10, 5)",
                "    stroke rgb(0, 255, 0) size 1",
                "      vertex (4, 6)",
                "      vertex (5, 8)",
                "    vertex (20, 0)",
                "  dot (7, 30) size 4",
            ])
    }

    @Test func rendererDrawsExactlyAsTheMarksDrawThemselves() {
        let drawing = SampleDrawing.make()
        let direct = DrawingContext()
        drawing.draw(in: direct)
        let visited = DrawingContext()
        _ = drawing.visited(by: MarkRenderer(context: visited))
        #expect(visited.operations == direct.operations)
        #expect(visited.operations.count == 12)
    }

    /// A new operation defined only in the test: no mark type changes.
    struct InkCounter: MarkVisitor {
        var ink = 0
        mutating func visit(_ vertex: Vertex) {}
        mutating func visit(_ dot: Dot) { ink += dot.size }
        mutating func visit(_ stroke: Stroke) { ink += stroke.size * stroke.count }
    }

    /// A visitor that knows only vertices and strokes: the protocol's default hands it dots as the
    /// vertices they are.
    struct LocationCollector: MarkVisitor {
        var locations: [Point] = []
        mutating func visit(_ vertex: Vertex) { locations.append(vertex.location) }
        mutating func visit(_ stroke: Stroke) {}
    }

    @Test func aVisitorOfVerticesSeesDotsAmongThem() {
        let locations = SampleDrawing.make().visited(by: LocationCollector()).locations
        #expect(locations.count == 6)
        #expect(locations.last == Point(x: 7, y: 30), "the dot, visited as a vertex")
    }

    @Test func aDotIsStillVisitedAsADotByVisitorsThatAskForDots() {
        let counter = Stroke(color: .red, size: 1, children: [Dot(.origin, color: .red, size: 1)])
            .visited(by: MarkCounter())
        #expect(counter.dots == 1)
        #expect(counter.vertices == 0, "Dot overrides accept: double dispatch picks visit(_: Dot)")
    }

    @Test func newOperationNeedsNoChangeToTheMarks() {
        // root: 1 × 2 children; zig-zag: 2 × 4; tick: 1 × 2; dot: 4.
        #expect(SampleDrawing.make().visited(by: InkCounter()).ink == 2 + 8 + 2 + 4)
    }
}
