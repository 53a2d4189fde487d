// Factory method — a creator declares a method that returns a product; each concrete creator
// decides which concrete product to make, and the client only knows the product's interface.
//
// Use it when a class cannot know ahead of time which concrete type it must create, or when a
// family of types should hide behind one interface (Cocoa's `NSNumber numberWithBool:` returns a
// private subclass: a "class cluster"). Don't add a creator hierarchy just to call an initializer:
// in Swift a static factory method or a closure `() -> any Product` is usually all you need.
//
// BlueLibrary: catalog only — the app builds its few concrete types directly and injects them.

/// The product: a canvas the user paints on (the book's `CanvasView`).
protocol CanvasView {
    /// What the canvas looks like, for the demo's output.
    var texture: String { get }
}

struct PlainCanvasView: CanvasView {
    var texture: String { "plain white canvas" }
}

struct PaperCanvasView: CanvasView {
    var texture: String { "canvas with a paper texture" }
}

struct ClothCanvasView: CanvasView {
    var texture: String { "canvas with a cloth texture" }
}

/// The creator: declares the factory method (the book's `CanvasViewGenerator`).
protocol CanvasViewGenerator {
    func makeCanvasView() -> any CanvasView
}

extension CanvasViewGenerator {
    /// The default product, as the book's base generator returns a plain canvas.
    func makeCanvasView() -> any CanvasView {
        PlainCanvasView()
    }
}

struct DefaultCanvasViewGenerator: CanvasViewGenerator {}

struct PaperCanvasViewGenerator: CanvasViewGenerator {
    func makeCanvasView() -> any CanvasView { PaperCanvasView() }
}

struct ClothCanvasViewGenerator: CanvasViewGenerator {
    func makeCanvasView() -> any CanvasView { ClothCanvasView() }
}

/// The client: it loads whatever canvas its generator makes and never names a concrete view.
struct CanvasViewController {
    private(set) var canvasView: any CanvasView

    init(generator: any CanvasViewGenerator) {
        canvasView = generator.makeCanvasView()
    }
}

/// A tiny class cluster, like `NSNumber`: static factory methods pick a hidden concrete type.
protocol NumberValue: CustomStringConvertible {
    /// The value as a double, whatever it was created from.
    var doubleValue: Double { get }
}

enum Number {
    static func make(_ value: Bool) -> any NumberValue { BoolNumber(value: value) }
    static func make(_ value: Int) -> any NumberValue { IntegerNumber(value: value) }
}

private struct BoolNumber: NumberValue {
    let value: Bool
    var doubleValue: Double { value ? 1 : 0 }
    var description: String { value ? "true" : "false" }
}

private struct IntegerNumber: NumberValue {
    let value: Int
    var doubleValue: Double { Double(value) }
    var description: String { String(value) }
}

/// Lets each generator make the canvas, then uses the number class cluster.
func runFactoryMethodDemo(on console: any Console) {
    let generators: [any CanvasViewGenerator] = [
        DefaultCanvasViewGenerator(), PaperCanvasViewGenerator(), ClothCanvasViewGenerator(),
    ]
    for generator in generators {
        let controller = CanvasViewController(generator: generator)
        console.print("\(type(of: generator)) made a \(controller.canvasView.texture)")
    }
    for number in [Number.make(true), Number.make(42)] {
        console.print("Number \(number) is a hidden \(type(of: number)), doubleValue \(number.doubleValue)")
    }
}
