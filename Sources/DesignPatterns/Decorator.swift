// Decorator — wrap an object in another with the same interface to add a responsibility at run
// time; wrappers stack, and the outermost acts first.
//
// The book decorates an image with a transform and a drop shadow, in any combination and order.
// It also shows the category form: adding behaviour to an existing type without wrapping it — in
// Swift, an extension. Use wrapping when responsibilities are combined per object at run time; use
// an extension when every instance should simply gain a method. Don't stack decorators where the
// order is easy to get wrong and a single configured object would be clearer.
//
// BlueLibrary: the extension form — `Album+TableRepresentation` in
// Sources/BlueLibraryPresentation/Album+TableRepresentation.swift adds a table view of an album
// without touching the model.

/// Something that can be drawn: returns the drawing operations it performs, in order.
protocol ImageComponent {
    func draw() -> [String]
}

/// The concrete component: a plain image.
struct Picture: ImageComponent {
    let name: String

    func draw() -> [String] { ["draw image \(name)"] }
}

/// Applies an affine transform before drawing the wrapped component.
struct TransformedImage: ImageComponent {
    let component: any ImageComponent
    let transform: String

    func draw() -> [String] { ["apply transform \(transform)"] + component.draw() }
}

/// Sets a drop shadow before drawing the wrapped component.
struct ShadowedImage: ImageComponent {
    let component: any ImageComponent
    let offset: Point

    func draw() -> [String] { ["set shadow offset \(offset)"] + component.draw() }
}

// The category form: every component gains chainable decorating methods, without subclassing.
extension ImageComponent {
    func transformed(by transform: String) -> TransformedImage {
        TransformedImage(component: self, transform: transform)
    }

    func shadowed(offset: Point = Point(x: 3, y: 3)) -> ShadowedImage {
        ShadowedImage(component: self, offset: offset)
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
            ShadowedImage(component: photo.transformed(by: "rotate 45"), offset: Point(x: 3, y: 3))
        ),
        ("shadowed, then rotated", photo.shadowed().transformed(by: "rotate 45")),
    ]
    for (label, image) in variants {
        console.print("\(label): \(image.draw().joined(separator: "; "))")
    }
    console.print("extension form: \(photo.name) is stored as \(photo.fileName)")
}
