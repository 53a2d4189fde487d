// Visitor — define new operations over a structure of objects without changing their classes.
//
// Each mark type accepts a visitor and calls the visit method for its own type (double dispatch),
// so counting, measuring or rendering the mark tree lives in one visitor type per operation. Use it
// when the set of node types is stable and the set of operations grows. Avoid it when node types
// change often (every new type touches every visitor), and in Swift prefer a `switch` over an enum
// when the node types are a closed set of values.
//
// Departs from the book: its visitors implement every visit method; here `visit(_: Dot)` has a
// default that hands the dot to `visit(_: Vertex)`, since a dot is a vertex.
//
// BlueLibrary: catalog only — the app has no heterogeneous tree to walk.

/// An operation over the mark tree: one method per mark type.
protocol MarkVisitor {
    mutating func visit(_ vertex: Vertex)
    mutating func visit(_ dot: Dot)
    /// Called before the stroke's children are visited.
    mutating func visit(_ stroke: Stroke)
    /// Called after the stroke's children are visited; does nothing unless a visitor needs it.
    mutating func leave(_ stroke: Stroke)
}

extension MarkVisitor {
    mutating func leave(_ stroke: Stroke) {}

    /// A dot is a vertex: a visitor that only cares about vertices sees dots among them.
    mutating func visit(_ dot: Dot) { visit(dot as Vertex) }
}

// The marks' side of the double dispatch, `accept(_:)`, lives in each mark class (Composite.swift):
// `Dot` must override the `accept` it inherits from `Vertex`, and only a class body can declare a
// method a subclass overrides.

/// Counts the marks of each type in a tree, the root included.
struct MarkCounter: MarkVisitor {
    private(set) var vertices = 0
    private(set) var dots = 0
    private(set) var strokes = 0

    mutating func visit(_ vertex: Vertex) { vertices += 1 }
    mutating func visit(_ dot: Dot) { dots += 1 }
    mutating func visit(_ stroke: Stroke) { strokes += 1 }
}

/// The smallest box holding every vertex and dot in a tree; `nil` when there is none.
struct BoundingBoxCalculator: MarkVisitor {
    private(set) var box: BoundingBox?

    /// Dots reach this too, through the default `visit(_: Dot)`: a dot is a vertex.
    mutating func visit(_ vertex: Vertex) { include(vertex.location) }
    mutating func visit(_ stroke: Stroke) {}

    private mutating func include(_ point: Point) {
        box = box?.including(point) ?? BoundingBox(minimum: point, maximum: point)
    }
}

/// Drawing as a visitor (the book's `MarkRenderer`): the same operations as `Mark.draw(in:)`, but
/// the marks no longer need to know how to draw.
struct MarkRenderer: MarkVisitor {
    let context: DrawingContext

    mutating func visit(_ vertex: Vertex) { context.record("line to \(vertex.location)") }
    mutating func visit(_ dot: Dot) {
        context.record("fill dot at \(dot.location), size \(dot.size), \(dot.color ?? .black)")
    }
    mutating func visit(_ stroke: Stroke) { context.record("move to \(stroke.location)") }
    mutating func leave(_ stroke: Stroke) {
        context.record("stroke path, size \(stroke.size), \(stroke.color ?? .black)")
    }
}

/// An indented outline of the tree, one line per mark: uses `leave` to track the depth.
struct OutlineWriter: MarkVisitor {
    private(set) var lines: [String] = []
    private var depth = 0

    mutating func visit(_ vertex: Vertex) { write("vertex \(vertex.location)") }
    mutating func visit(_ dot: Dot) { write("dot \(dot.location) size \(dot.size)") }
    mutating func visit(_ stroke: Stroke) {
        write("stroke \(stroke.color ?? .black) size \(stroke.size)")
        depth += 1
    }
    mutating func leave(_ stroke: Stroke) { depth -= 1 }

    private mutating func write(_ text: String) {
        lines.append(String(repeating: "  ", count: depth) + text)
    }
}

extension Mark {
    /// Runs `visitor` over this mark and returns it with its result.
    func visited<Visitor: MarkVisitor>(by visitor: Visitor) -> Visitor {
        var visitor = visitor
        accept(&visitor)
        return visitor
    }
}

/// Runs four visitors over the sample drawing; the mark classes know none of them.
func runVisitorDemo(on console: any Console) {
    let drawing = SampleDrawing.make()
    for line in drawing.visited(by: OutlineWriter()).lines {
        console.print(line)
    }
    let counter = drawing.visited(by: MarkCounter())
    console.print("Counted strokes: \(counter.strokes), dots: \(counter.dots), vertices: \(counter.vertices)")
    if let box = drawing.visited(by: BoundingBoxCalculator()).box {
        console.print("Bounding box: \(box)")
    }
    let context = DrawingContext()
    _ = drawing.visited(by: MarkRenderer(context: context))
    console.print("The renderer recorded \(context.operations.count) drawing operations")
}
