/// A point on the canvas, in whole pixels so the demos print exact coordinates.
struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    var x: Int
    var y: Int

    /// The canvas origin, (0, 0).
    static let origin = Point(x: 0, y: 0)

    var description: String { "(\(x), \(y))" }
}

/// A colour as red, green and blue channels in 0...255.
struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    var red: Int
    var green: Int
    var blue: Int

    static let black = RGBColor(red: 0, green: 0, blue: 0)
    static let red = RGBColor(red: 255, green: 0, blue: 0)
    static let green = RGBColor(red: 0, green: 255, blue: 0)
    static let blue = RGBColor(red: 0, green: 0, blue: 255)

    var description: String { "rgb(\(red), \(green), \(blue))" }
}

/// An axis-aligned rectangle given by its two extreme corners.
struct BoundingBox: Hashable, Sendable, CustomStringConvertible {
    var minimum: Point
    var maximum: Point

    /// The smallest box holding both this box and `point`.
    func including(_ point: Point) -> BoundingBox {
        BoundingBox(
            minimum: Point(x: min(minimum.x, point.x), y: min(minimum.y, point.y)),
            maximum: Point(x: max(maximum.x, point.x), y: max(maximum.y, point.y))
        )
    }

    var description: String { "\(minimum) to \(maximum)" }
}

/// A graphics context that records the drawing operations it receives instead of painting pixels.
final class DrawingContext {
    private(set) var operations: [String] = []

    func record(_ operation: String) {
        operations.append(operation)
    }
}
