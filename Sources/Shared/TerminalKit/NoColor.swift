/// No colour escapes at all (`NO_COLOR` is set): styles keep bold, dim and inverse, and pictures become
/// characters whose ink suggests their brightness.
package struct NoColor: ColorStrategy {
    /// Creates the strategy.
    package init() {}

    package func parameters(for color: RGB, layer: ColorLayer) -> [String] { [] }

    package func halfBlock(upper: RGB, lower: RGB) -> (character: Character, style: CellStyle) {
        (Self.shade((upper.luminance + lower.luminance) / 2), .plain)
    }

    /// A character whose ink suggests `brightness` (0…1).
    package static func shade(_ brightness: Double) -> Character {
        let ramp = Array(" .:-=+*#%@")
        return ramp[max(0, min(ramp.count - 1, Int(brightness * Double(ramp.count))))]
    }
}
