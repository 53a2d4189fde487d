import BlueLibraryCovers

/// Draws an image in a terminal with half-block characters: each cell shows two pixels, the upper one
/// as the foreground of `▀` and the lower one as the background, so a square image of N × N pixels
/// fills N columns and N/2 rows (terminal cells are about twice as tall as wide).
///
/// The colour form is chosen from the terminal's capabilities (a simple factory over strategies): true
/// colour when `COLORTERM` says so, the 256-colour palette otherwise, and shades of plain characters
/// when `NO_COLOR` is set.
public enum TerminalArt {
    /// How colours are written.
    public enum ColorMode: Sendable, Equatable {
        /// 24-bit colour escapes.
        case trueColor
        /// The xterm 256-colour palette.
        case palette256
        /// No colour: brightness as characters.
        case none
    }

    /// The colour mode an environment asks for.
    public static func colorMode(environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        return colorTerm.contains("truecolor") || colorTerm.contains("24bit") ? .trueColor : .palette256
    }

    /// The image scaled to `width` columns (area averaging) and drawn as lines of text.
    public static func render(_ image: RGBAImage, width: Int, mode: ColorMode) -> [String] {
        let columns = max(width, 1)
        let rows = max(Int((Double(image.height) / Double(image.width) * Double(columns) / 2).rounded()), 1)
        let scaled = image.scaled(width: columns, height: rows * 2)
        return (0..<rows).map { row in
            var line = ""
            for column in 0..<columns {
                let top = blend(scaled.pixel(x: column, y: row * 2))
                let bottom = blend(scaled.pixel(x: column, y: row * 2 + 1))
                switch mode {
                case .trueColor:
                    line +=
                        "\u{1B}[38;2;\(top.0);\(top.1);\(top.2)m\u{1B}[48;2;\(bottom.0);\(bottom.1);\(bottom.2)m▀"
                case .palette256:
                    line += "\u{1B}[38;5;\(paletteIndex(top))m\u{1B}[48;5;\(paletteIndex(bottom))m▀"
                case .none:
                    line.append(shade((luminance(top) + luminance(bottom)) / 2))
                }
            }
            return mode == .none ? line : line + "\u{1B}[0m"
        }
    }

    /// A pixel over a black background.
    private static func blend(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> (
        Int, Int, Int
    ) {
        let alpha = Int(pixel.alpha)
        return (Int(pixel.red) * alpha / 255, Int(pixel.green) * alpha / 255, Int(pixel.blue) * alpha / 255)
    }

    /// The nearest colour of the xterm palette: the 6×6×6 cube or the 24-step grey ramp.
    static func paletteIndex(_ color: (Int, Int, Int)) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: Int) -> Int {
            levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0
        }
        let (r, g, b) = (nearestLevel(color.0), nearestLevel(color.1), nearestLevel(color.2))
        let cube = (levels[r], levels[g], levels[b])
        let average = (color.0 + color.1 + color.2) / 3
        let greyStep = max(0, min(23, (average - 8 + 5) / 10))
        let grey = 8 + greyStep * 10
        func distance(_ a: (Int, Int, Int)) -> Int {
            let dr = a.0 - color.0
            let dg = a.1 - color.1
            let db = a.2 - color.2
            return dr * dr + dg * dg + db * db
        }
        return distance((grey, grey, grey)) < distance(cube) ? 232 + greyStep : 16 + 36 * r + 6 * g + b
    }

    private static func luminance(_ color: (Int, Int, Int)) -> Double {
        (0.2126 * Double(color.0) + 0.7152 * Double(color.1) + 0.0722 * Double(color.2)) / 255
    }

    private static func shade(_ brightness: Double) -> Character {
        let ramp = Array(" .:-=+*#%@")
        return ramp[min(ramp.count - 1, Int(brightness * Double(ramp.count)))]
    }
}
