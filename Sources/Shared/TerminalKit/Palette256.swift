/// Colours as the nearest entry of the xterm 256-colour palette (`38;5;n`): what almost every terminal
/// understands.
package struct Palette256: ColorStrategy {
    /// Creates the strategy.
    package init() {}

    package func parameters(for color: RGB, layer: ColorLayer) -> [String] {
        [layer.code, "5", "\(Self.index(of: color))"]
    }

    /// The nearest colour of the palette: the 6×6×6 cube or the 24-step grey ramp.
    package static func index(of rgb: RGB) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: Int) -> Int {
            levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0
        }
        let (r, g, b) = (nearestLevel(rgb.red), nearestLevel(rgb.green), nearestLevel(rgb.blue))
        let cube = (levels[r], levels[g], levels[b])
        let average = (rgb.red + rgb.green + rgb.blue) / 3
        let greyStep = max(0, min(23, (average - 8 + 5) / 10))
        let grey = 8 + greyStep * 10
        func distance(_ other: (Int, Int, Int)) -> Int {
            let dr = other.0 - rgb.red
            let dg = other.1 - rgb.green
            let db = other.2 - rgb.blue
            return dr * dr + dg * dg + db * db
        }
        return distance((grey, grey, grey)) < distance(cube) ? 232 + greyStep : 16 + 36 * r + 6 * g + b
    }
}
