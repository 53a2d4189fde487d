// Decorator — wrap an object in another with the same interface to add a responsibility at run
// time; wrappers stack, and the outermost acts first.
//
// The book decorates an image with filters: an abstract decorator, `ImageFilter`, wraps an image
// component and applies its own effect before drawing it; two concrete decorators share it, a
// transform filter and a drop-shadow filter, stacked in any combination and order. It also shows the
// category form: adding behaviour to an existing type without wrapping it — in Swift, an extension.
// Use wrapping when responsibilities are combined per object at run time; use an extension when
// every instance should simply gain a method. Don't stack decorators where the order is easy to get
// wrong and a single configured object would be clearer.
//
// Departs from the book: its `ImageFilter` is an abstract class that forwards drawing to the wrapped
// image through Objective-C message forwarding; here it is a protocol whose extension supplies the
// shared `draw()`, and drawing returns the operations it performs instead of painting.
//
// BlueLibrary: the extension form — `Album+TableRepresentation` adds a table view of an album
// without touching the model; PATTERNS.md names the file.

/// Something that can be drawn: returns the drawing operations it performs, in order (the book's
/// `ImageComponent`).
protocol ImageComponent {
    func draw() -> [String]
}

/// The concrete component: a plain image.
struct Picture: ImageComponent {
    let name: String

    func draw() -> [String] { ["draw image \(name)"] }
}

/// The abstract decorator (the book's `ImageFilter`): wraps a component and, when drawn, applies its
/// own effect first, then draws the component. A concrete filter supplies only `apply()`.
protocol ImageFilter: ImageComponent {
    /// The wrapped component, drawn after this filter's effect.
    var component: any ImageComponent { get }
    /// This filter's own effect, as drawing operations.
    func apply() -> [String]
}

extension ImageFilter {
    func draw() -> [String] { apply() + component.draw() }
}

/// Applies an affine transform before drawing the wrapped component (the book's
/// `ImageTransformFilter`).
struct ImageTransformFilter: ImageFilter {
    let component: any ImageComponent
    let transform: String

    func apply() -> [String] { ["apply transform \(transform)"] }
}

/// Sets a drop shadow before drawing the wrapped component (the book's `ImageShadowFilter`).
struct ImageShadowFilter: ImageFilter {
    let component: any ImageComponent
    let offset: Point

    func apply() -> [String] { ["set shadow offset \(offset)"] }
}

// The category form: every component gains chainable decorating methods, without subclassing (the
// book's `UIImage (Transform)` and `UIImage (Shadow)` categories).
extension ImageComponent {
    func transformed(by transform: String) -> ImageTransformFilter {
        ImageTransformFilter(component: self, transform: transform)
    }

    func shadowed(offset: Point = Point(x: 3, y: 3)) -> ImageShadowFilter {
        ImageShadowFilter(component: self, offset: offset)
    }
}

/// The extension form on its own: a method the original type never declared.
extension Picture {
    var fileName: String { "\(name).png" }
}

/// Draws a picture plain, then with decorators stacked in both orders.
func runDecoratorDemo(on console: any Console) {
    let photo = Picture(name: "Abbey Road")
    let variants: [(String, any ImageComponent)] = [
        ("plain", photo),
        (
            "rotated, then shadowed",
            ImageShadowFilter(component: photo.transformed(by: "rotate 45"), offset: Point(x: 3, y: 3))
        ),
        ("shadowed, then rotated", photo.shadowed().transformed(by: "rotate 45")),
    ]
    for (label, image) in variants {
        console.print("\(label): \(image.draw().joined(separator: "; "))")
    }
    console.print("extension form: \(photo.name) is stored as \(photo.fileName)")
}
