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

    /// A colour as red, green and blue, 0…255.
    public struct RGB: Sendable, Hashable {
        public var red: Int
        public var green: Int
        public var blue: Int

        /// Creates a colour.
        public init(_ red: Int, _ green: Int, _ blue: Int) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    /// One terminal cell of half-block art: the upper and the lower pixel.
    public struct HalfBlock: Sendable, Hashable {
        /// The upper pixel (the foreground of `▀`).
        public var top: RGB
        /// The lower pixel (the background).
        public var bottom: RGB
    }

    /// The image scaled (area averaging) to `columns × rows` cells of two pixels each, over black.
    public static func halfBlocks(_ image: RGBAImage, columns: Int, rows: Int) -> [[HalfBlock]] {
        let scaled = image.scaled(width: max(columns, 1), height: max(rows, 1) * 2)
        return (0..<max(rows, 1)).map { row in
            (0..<max(columns, 1)).map { column in
                HalfBlock(
                    top: blend(scaled.pixel(x: column, y: row * 2)),
                    bottom: blend(scaled.pixel(x: column, y: row * 2 + 1)))
            }
        }
    }

    /// The image scaled to `width` columns (area averaging) and drawn as lines of text.
    public static func render(_ image: RGBAImage, width: Int, mode: ColorMode) -> [String] {
        let columns = max(width, 1)
        let rows = max(Int((Double(image.height) / Double(image.width) * Double(columns) / 2).rounded()), 1)
        return halfBlocks(image, columns: columns, rows: rows).map { cells in
            var line = ""
            for cell in cells {
                let (top, bottom) = (cell.top, cell.bottom)
                switch mode {
                case .trueColor:
                    line +=
                        "\u{1B}[38;2;\(top.red);\(top.green);\(top.blue)m\u{1B}[48;2;\(bottom.red);\(bottom.green);\(bottom.blue)m▀"
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
    private static func blend(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> RGB {
        let alpha = Int(pixel.alpha)
        return RGB(
            Int(pixel.red) * alpha / 255, Int(pixel.green) * alpha / 255, Int(pixel.blue) * alpha / 255)
    }

    /// The nearest colour of the xterm palette: the 6×6×6 cube or the 24-step grey ramp.
    public static func paletteIndex(_ rgb: RGB) -> Int {
        let color = (rgb.red, rgb.green, rgb.blue)
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

    /// Perceived brightness, 0…1.
    public static func luminance(_ color: RGB) -> Double {
        (0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)) / 255
    }

    /// A character whose ink suggests `brightness` (0…1), for terminals without colour.
    public static func shade(_ brightness: Double) -> Character {
        let ramp = Array(" .:-=+*#%@")
        return ramp[min(ramp.count - 1, Int(brightness * Double(ramp.count)))]
    }
}
