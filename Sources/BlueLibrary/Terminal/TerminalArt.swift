import BlueLibraryCovers
import TerminalKit

/// Draws an image in a terminal with half-block characters: each cell shows two pixels, the upper one
/// as the foreground of `▀` and the lower one as the background, so a square image of N × N pixels
/// fills N columns and N/2 rows (terminal cells are about twice as tall as wide).
///
/// How a cell's two pixels are written — true colour, the 256-colour palette or shades of plain
/// characters — is the ``ColorStrategy`` that ``TerminalColors`` picks from the environment.
package enum TerminalArt {
    /// One terminal cell of half-block art: the upper and the lower pixel.
    package struct HalfBlock: Sendable, Hashable {
        /// The upper pixel (the foreground of `▀`).
        package var top: RGB
        /// The lower pixel (the background).
        package var bottom: RGB
    }

    /// The image scaled (area averaging) to `columns × rows` cells of two pixels each, over black.
    package static func halfBlocks(_ image: RGBAImage, columns: Int, rows: Int) -> [[HalfBlock]] {
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
    package static func render(_ image: RGBAImage, width: Int, mode: some ColorStrategy) -> [String] {
        let columns = max(width, 1)
        let rows = max(Int((Double(image.height) / Double(image.width) * Double(columns) / 2).rounded()), 1)
        return halfBlocks(image, columns: columns, rows: rows).map { cells in
            var line = ""
            for cell in cells {
                let (character, style) = mode.halfBlock(upper: cell.top, lower: cell.bottom)
                let layers = [(style.foreground, ColorLayer.foreground), (style.background, .background)]
                for (color, layer) in layers {
                    guard let color else { continue }
                    let parameters = mode.parameters(for: color, layer: layer)
                    if !parameters.isEmpty { line += "\u{1B}[" + parameters.joined(separator: ";") + "m" }
                }
                line.append(character)
            }
            return line.contains("\u{1B}") ? line + "\u{1B}[0m" : line
        }
    }

    /// A pixel over a black background.
    private static func blend(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> RGB {
        let alpha = Int(pixel.alpha)
        return RGB(
            Int(pixel.red) * alpha / 255, Int(pixel.green) * alpha / 255, Int(pixel.blue) * alpha / 255)
    }
}
