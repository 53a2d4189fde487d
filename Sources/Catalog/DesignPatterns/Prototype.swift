// Prototype — make new objects by copying an existing, fully configured one instead of building
// them from scratch.
//
// Use it when an object is expensive or fiddly to build but cheap to copy, or when the caller holds
// only an abstract interface and must still duplicate the concrete thing (the book copies a whole
// drawing to save a thumbnail that must not change while the user keeps drawing). Not needed for
// Swift value types: assigning a struct already copies it; the pattern earns its place with class
// graphs, where a plain assignment shares the object.
//
// BlueLibrary: catalog only — the app's models are value types, so copying is free.

/// Something that can produce an independent copy of itself (the book's `copyWithZone:`).
protocol Prototype: AnyObject {
    /// A distinct object with equal state; objects it owns are copied too (a deep copy).
    func clone() -> Self
}

// Vertex's copy serves Dot, its subclass, too; a stroke copies its children deeply.

extension Vertex {
    /// A copy of the receiver's own class (the book's `[self class]`): a `Dot` copies as a dot.
    /// Colour and size go through the properties a dot overrides; for a bare vertex they are no-ops.
    func clone() -> Self {
        let copy = Self(location)
        copy.color = color
        copy.size = size
        return copy
    }
}

extension Stroke {
    /// Copies the stroke and, recursively, every child: the copy shares no mark with the original.
    func clone() -> Stroke {
        Stroke(color: color ?? .black, size: size, children: children.map { $0.clone() })
    }
}

/// Copies a drawing, then edits the original to show the copy is unaffected.
func runPrototypeDemo(on console: any Console) {
    let original = SampleDrawing.make()
    let saved = original.clone()
    console.print("The copy is a different object: \(saved !== original)")
    let shared = saved.child(at: 0) === original.child(at: 0)
    console.print("Both have \(original.count) children; first children shared: \(shared)")
    original.add(Dot(Point(x: 50, y: 50), color: .red, size: 8))
    original.child(at: 0)?.add(Vertex(Point(x: 30, y: 5)))
    original.color = .blue
    console.print(
        "After editing the original: original has \(original.count) children, the copy \(saved.count)")
    let points = (original: original.child(at: 0)?.count ?? 0, copy: saved.child(at: 0)?.count ?? 0)
    console.print("Zig-zag points: original \(points.original), copy \(points.copy)")
    console.print("Colours: original \(original.color ?? .black), copy \(saved.color ?? .black)")
}
