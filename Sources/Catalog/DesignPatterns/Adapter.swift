// Adapter — make an existing type usable through an interface it was not written for.
//
// Two forms. An object adapter wraps the adaptee and translates calls (delegation is one: a table
// view's delegate adapts your model to what the table asks). A class adapter makes the adaptee
// itself conform — in Objective-C by subclassing, in Swift by a protocol conformance in an
// extension. The book adapts three palette sliders to a "set stroke colour" command through a
// closure that supplies the red, green and blue values. Use it at a boundary you don't control;
// don't add one between two types you own: change one of them instead.
//
// BlueLibrary: the terminal's `HorizontalScroller` knows nothing of albums; `TerminalApp` adapts the
// album list to it as its `HorizontalScrollerDelegate` (an object adapter by delegation). PATTERNS.md
// names the files.

/// The receiver: a canvas with a current stroke colour.
final class PaintCanvas {
    private let console: any Console

    init(console: any Console) {
        self.console = console
    }

    var strokeColor = RGBColor.black {
        didSet { console.print("canvas stroke colour is now \(strokeColor)") }
    }
}

/// The target interface for the class-adapter form: anything that can supply RGB values.
protocol RGBValuesProviding {
    func rgbValues() -> RGBColor
}

/// Sets the canvas's stroke colour from whatever RGB values its provider returns; the command does
/// not know where they come from (the book's `SetStrokeColorCommand`).
struct SetStrokeColorCommand: Command {
    let canvas: PaintCanvas
    let rgbValuesProvider: () -> RGBColor

    var name: String { "set stroke colour" }

    func execute() {
        canvas.strokeColor = rgbValuesProvider()
    }
}

extension SetStrokeColorCommand {
    /// Class-adapter form: any type conforming to `RGBValuesProviding` plugs in directly.
    init(canvas: PaintCanvas, source: some RGBValuesProviding) {
        self.init(canvas: canvas, rgbValuesProvider: { source.rgbValues() })
    }
}

/// A palette slider that carries a command and executes it whenever its value changes.
final class CommandSlider {
    var command: (any Command)?
    var value: Int {
        didSet { command?.execute() }
    }

    init(value: Int = 0) {
        self.value = value
    }
}

/// The adaptee of the class-adapter form: a named paint swatch that knows nothing of RGB providers.
struct PaintSwatch {
    let name: String
    let components: (red: Int, green: Int, blue: Int)
}

extension PaintSwatch: RGBValuesProviding {
    func rgbValues() -> RGBColor {
        RGBColor(red: components.red, green: components.green, blue: components.blue)
    }
}

/// Moves the palette's sliders (object adapter), then applies a swatch (class adapter).
func runAdapterDemo(on console: any Console) {
    let canvas = PaintCanvas(console: console)
    let red = CommandSlider()
    let green = CommandSlider()
    let blue = CommandSlider()
    let command = SetStrokeColorCommand(canvas: canvas) { [weak red, weak green, weak blue] in
        RGBColor(red: red?.value ?? 0, green: green?.value ?? 0, blue: blue?.value ?? 0)
    }
    for slider in [red, green, blue] {
        slider.command = command
    }
    console.print("Object adapter: a closure turns three sliders into RGB values")
    red.value = 200
    blue.value = 120
    console.print("Class adapter: a swatch conforms to RGBValuesProviding")
    SetStrokeColorCommand(canvas: canvas, source: PaintSwatch(name: "teal", components: (0, 128, 128)))
        .execute()
}
