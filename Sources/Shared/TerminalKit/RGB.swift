/// A colour as red, green and blue, 0…255.
public struct RGB: Sendable, Hashable {
    /// Red, 0…255.
    public var red: Int
    /// Green, 0…255.
    public var green: Int
    /// Blue, 0…255.
    public var blue: Int

    /// Creates a colour.
    public init(_ red: Int, _ green: Int, _ blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Perceived brightness, 0…1.
    public var luminance: Double {
        (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
    }
}
