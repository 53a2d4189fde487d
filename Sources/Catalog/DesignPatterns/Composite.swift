// Composite — treat a single object and a group of objects through one interface, so a client can
// walk, draw or edit a tree without asking what each node is.
//
// The book's drawing is made of marks: a `Vertex` is a location, a `Dot` is a vertex that adds a
// colour and a size (a subclass, so a dot goes wherever a vertex goes), and a `Stroke` has a colour,
// a size and an ordered list of child marks, strokes included. Leaves ignore add and remove.
//
// Use it when the data really is a part–whole hierarchy (a drawing made of strokes made of points,
// a menu of submenus). Do not use it to force unrelated things under one protocol: the leaves end up
// with methods (add, remove, children) that mean nothing for them.
//
// BlueLibrary: catalog only — albums are a flat list, not a part–whole tree. The mark tree below is
// the book's TouchPainter drawing, which Prototype, Iterator, Visitor, Command and Memento reuse.

/// One element of a drawing: a vertex, a dot or a stroke (the book's `Mark` protocol).
///
/// Leaves (`Vertex` and its subclass `Dot`) ignore `add` and `remove` and have no children; a
/// `Stroke` keeps an ordered list of child marks, which may be strokes themselves. `clone()` comes
/// from `Prototype` (see Prototype.swift) and `accept(_:)` is the hook for visitors (see Visitor.swift).
protocol Mark: Prototype {
    /// The colour to draw with; `nil` for a vertex, which is only a location.
    var color: RGBColor? { get set }
    /// The line width or dot diameter; 0 for a vertex.
    var size: Int { get set }
    /// Where the mark is; for a stroke, its first child's location.
    var location: Point { get set }
    /// The number of direct children.
    var count: Int { get }
    /// The last direct child, if any.
    var lastChild: (any Mark)? { get }
    /// Appends a child (ignored by leaves).
    func add(_ mark: any Mark)
    /// Removes `mark` from this mark or, failing that, from its descendants (ignored by leaves).
    func remove(_ mark: any Mark)
    /// The direct child at `index`, or `nil` when there is none.
    func child(at index: Int) -> (any Mark)?
    /// Draws the mark (and its children) into `context`.
    func draw(in context: DrawingContext)
    /// Calls the visitor's method for this mark's own type (double dispatch).
    func accept<Visitor: MarkVisitor>(_ visitor: inout Visitor)
}

/// A mark without children: the composite operations do nothing.
protocol LeafMark: Mark {}

extension LeafMark {
    var count: Int { 0 }
    var lastChild: (any Mark)? { nil }
    func add(_ mark: any Mark) {}
    func remove(_ mark: any Mark) {}
    func child(at index: Int) -> (any Mark)? { nil }
}

/// A bare location: a point on a stroke's path (the book's `Vertex`). Its colour and size take a value
/// and keep none, as the book's do; `Dot` overrides them to keep theirs.
class Vertex: LeafMark {
    var location: Point

    /// Required, so a copy can be made of whatever class the receiver is (see `clone()`).
    required init(_ location: Point) {
        self.location = location
    }

    /// A vertex has no colour of its own: it takes its stroke's.
    var color: RGBColor? {
        get { nil }
        set {}  // a vertex only has a location
    }

    /// A vertex has no size of its own: it takes its stroke's.
    var size: Int {
        get { 0 }
        set {}  // a vertex only has a location
    }

    func draw(in context: DrawingContext) {
        context.record("line to \(location)")
    }

    func accept<Visitor: MarkVisitor>(_ visitor: inout Visitor) {
        visitor.visit(self)
    }
}

/// A vertex with a colour and a size: a single tap on the canvas (the book's `Dot`, which subclasses
/// `Vertex`, so wherever a vertex goes a dot can go too).
final class Dot: Vertex {
    private var dotColor: RGBColor?
    private var dotSize = 0

    /// A dot at `location`, not yet coloured or sized (as the book's `initWithLocation:`).
    required init(_ location: Point) {
        super.init(location)
    }

    convenience init(_ location: Point, color: RGBColor, size: Int) {
        self.init(location)
        self.color = color
        self.size = size
    }

    override var color: RGBColor? {
        get { dotColor }
        set { dotColor = newValue }
    }

    override var size: Int {
        get { dotSize }
        set { dotSize = newValue }
    }

    override func draw(in context: DrawingContext) {
        context.record("fill dot at \(location), size \(size), \(color ?? .black)")
    }

    /// A dot is visited as a dot, not as the vertex it also is.
    override func accept<Visitor: MarkVisitor>(_ visitor: inout Visitor) {
        visitor.visit(self)
    }
}

/// A coloured line through an ordered list of child marks; strokes can nest.
final class Stroke: Mark {
    var color: RGBColor?
    var size: Int
    private(set) var children: [any Mark]

    init(color: RGBColor, size: Int, children: [any Mark] = []) {
        self.color = color
        self.size = size
        self.children = children
    }

    /// The first child's location, or the origin for an empty stroke. Setting it does nothing: a
    /// stroke is where its points are.
    var location: Point {
        get { children.first?.location ?? .origin }
        set {}  // a stroke's location is derived from its first child
    }

    var count: Int { children.count }

    var lastChild: (any Mark)? { children.last }

    func add(_ mark: any Mark) {
        children.append(mark)
    }

    func remove(_ mark: any Mark) {
        if let index = children.firstIndex(where: { $0 === mark }) {
            children.remove(at: index)
            return
        }
        for child in children {
            child.remove(mark)
        }
    }

    func child(at index: Int) -> (any Mark)? {
        children.indices.contains(index) ? children[index] : nil
    }

    func draw(in context: DrawingContext) {
        context.record("move to \(location)")
        for child in children {
            child.draw(in: context)
        }
        context.record("stroke path, size \(size), \(color ?? .black)")
    }

    /// Visits the stroke, then its children in order, then leaves it.
    func accept<Visitor: MarkVisitor>(_ visitor: inout Visitor) {
        visitor.visit(self)
        for child in children {
            child.accept(&visitor)
        }
        visitor.leave(self)
    }
}

/// The drawing every mark-tree demo uses: a red zig-zag, a blue dot tapped straight onto the canvas
/// stroke, and a nested green tick inside the zig-zag.
enum SampleDrawing {
    static func make() -> Stroke {
        let tick = Stroke(
            color: .green, size: 1, children: [Vertex(Point(x: 4, y: 6)), Vertex(Point(x: 5, y: 8))])
        let zigZag = Stroke(
            color: .red,
            size: 2,
            children: [
                Vertex(Point(x: 2, y: 3)), Vertex(Point(x: 10, y: 5)), tick, Vertex(Point(x: 20, y: 0)),
            ]
        )
        return Stroke(
            color: .black, size: 1, children: [zigZag, Dot(Point(x: 7, y: 30), color: .blue, size: 4)])
    }
}

/// Builds a drawing, draws it, and edits it through the one `Mark` interface.
func runCompositeDemo(on console: any Console) {
    let drawing = SampleDrawing.make()
    console.print("The drawing has \(drawing.count) direct children and starts at \(drawing.location)")
    let context = DrawingContext()
    drawing.draw(in: context)
    for operation in context.operations {
        console.print("  \(operation)")
    }
    let empty = Stroke(color: .black, size: 1)
    console.print("An empty stroke sits at \(empty.location)")
    let dot = Dot(Point(x: 1, y: 1), color: .red, size: 3)
    dot.add(Vertex(.origin))
    console.print("A dot ignores add: it still has \(dot.count) children")
    if let zigZag = drawing.child(at: 0), let tick = zigZag.child(at: 2) {
        drawing.remove(tick)
        console.print(
            "Removing the nested tick from the whole drawing leaves the zig-zag \(zigZag.count) children")
    }
}
