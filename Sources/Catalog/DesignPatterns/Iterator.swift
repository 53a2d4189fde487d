// Iterator — walk the elements of a collection without knowing how it stores them.
//
// Two forms, as in Cocoa: an external iterator the client drives with `next()` (NSEnumerator,
// Swift's `IteratorProtocol`), and an internal one that calls a block for each element and lets it
// stop early (`enumerateObjectsUsingBlock:` with its `BOOL *stop`). Use them for any non-trivial
// structure such as the mark tree below; for arrays and dictionaries Swift's `for`-`in` already is
// the pattern, so don't write a custom iterator there.
//
// BlueLibrary: catalog only — the app walks arrays of albums with `for`-`in`.

/// Walks every mark below a root, depth first, parents before their children (pre-order).
struct MarkIterator: IteratorProtocol {
    private var pending: [any Mark]

    /// An iterator over the descendants of `root` (not `root` itself).
    init(root: any Mark) {
        pending = Self.children(of: root).reversed()
    }

    mutating func next() -> (any Mark)? {
        guard let mark = pending.popLast() else { return nil }
        pending.append(contentsOf: Self.children(of: mark).reversed())
        return mark
    }

    private static func children(of mark: any Mark) -> [any Mark] {
        (0..<mark.count).compactMap { mark.child(at: $0) }
    }
}

/// The descendants of a mark as a `Sequence`, so `for`-`in`, `map` and friends work on a drawing.
struct MarkTree: Sequence {
    let root: any Mark

    func makeIterator() -> MarkIterator {
        MarkIterator(root: root)
    }
}

extension Mark {
    /// An external iterator over this mark's descendants (Cocoa's `enumerator`).
    func makeMarkIterator() -> MarkIterator {
        MarkIterator(root: self)
    }

    /// This mark's descendants as a sequence.
    var descendants: MarkTree {
        MarkTree(root: self)
    }

    /// Calls `body` for each descendant in pre-order until it sets `stop` to `true`.
    func enumerateMarks(_ body: (_ mark: any Mark, _ stop: inout Bool) -> Void) {
        var iterator = makeMarkIterator()
        var stop = false
        while !stop, let mark = iterator.next() {
            body(mark, &stop)
        }
    }
}

/// Describes a mark in one line, for the demos. Dots are matched before the vertex case: a dot is a
/// vertex too, and would otherwise be described as one.
func summary(of mark: any Mark) -> String {
    switch mark {
    case let stroke as Stroke: "stroke \(stroke.color ?? .black) with \(stroke.count) children"
    case let dot as Dot: "dot at \(dot.location)"
    default: "vertex at \(mark.location)"
    }
}

/// Traverses the sample drawing externally, internally with an early stop, and with `for`-`in`.
func runIteratorDemo(on console: any Console) {
    let drawing = SampleDrawing.make()
    console.print("External iterator, first three marks:")
    var iterator = drawing.makeMarkIterator()
    for _ in 0..<3 {
        if let mark = iterator.next() {
            console.print("  next() -> \(summary(of: mark))")
        }
    }
    console.print("Internal enumeration, stopping at the green tick:")
    drawing.enumerateMarks { mark, stop in
        console.print("  visit \(summary(of: mark))")
        stop = mark.color == .green
    }
    let vertices = drawing.descendants.filter { $0 is Vertex }.count
    let dots = drawing.descendants.filter { $0 is Dot }.count
    console.print("for-in over the whole tree counts \(vertices) vertices, \(dots) of them a dot")
}
