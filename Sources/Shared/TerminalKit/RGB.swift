/// A colour as red, green and blue, 0…255.
package struct RGB: Sendable, Hashable {
    /// Red, 0…255.
    package var red: Int
    /// Green, 0…255.
    package var green: Int
    /// Blue, 0…255.
    package var blue: Int

    /// Creates a colour.
    package init(_ red: Int, _ green: Int, _ blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Perceived brightness, 0…1.
    package var luminance: Double {
        (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
    }
}
