/// Which colour of a cell a code sets.
package enum ColorLayer: Sendable {
    /// The text (SGR 38).
    case foreground
    /// The cell behind the text (SGR 48).
    case background

    /// The SGR code that introduces an extended colour for this layer.
    var code: String {
        switch self {
        case .foreground: "38"
        case .background: "48"
        }
    }
}

/// How colours reach a terminal (the Strategy pattern): one implementation per terminal capability —
/// ``TrueColor``, ``Palette256``, ``NoColor`` — chosen once by ``TerminalColors/strategy(environment:)``,
/// so drawing code never asks which kind of terminal it is talking to.
package protocol ColorStrategy: Sendable {
    /// The Select Graphic Rendition parameters that set `color` on `layer`; empty when colour is not
    /// written at all.
    func parameters(for color: RGB, layer: ColorLayer) -> [String]

    /// How one cell of half-block art (an upper and a lower pixel) is drawn.
    func halfBlock(upper: RGB, lower: RGB) -> (character: Character, style: CellStyle)
}

extension ColorStrategy {
    /// With colour, the upper pixel is the foreground of `▀` and the lower one its background.
    package func halfBlock(upper: RGB, lower: RGB) -> (character: Character, style: CellStyle) {
        ("▀", CellStyle(foreground: upper, background: lower))
    }
}

extension ColorStrategy where Self == TrueColor {
    /// 24-bit colour.
    package static var trueColor: TrueColor { TrueColor() }
}

extension ColorStrategy where Self == Palette256 {
    /// The xterm 256-colour palette.
    package static var palette256: Palette256 { Palette256() }
}

extension ColorStrategy where Self == NoColor {
    /// No colour at all.
    package static var noColor: NoColor { NoColor() }
}
