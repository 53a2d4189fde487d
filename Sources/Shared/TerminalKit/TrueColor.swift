/// Colours as 24-bit escapes (`38;2;r;g;b`), for terminals that say `COLORTERM=truecolor`.
package struct TrueColor: ColorStrategy {
    /// Creates the strategy.
    package init() {}

    package func parameters(for color: RGB, layer: ColorLayer) -> [String] {
        [layer.code, "2", "\(color.red)", "\(color.green)", "\(color.blue)"]
    }
}
