/// Picks the colour strategy a terminal asks for (a simple factory over the ``ColorStrategy``
/// implementations), once, from the environment: no colour when `NO_COLOR` is set and not empty,
/// true colour when `COLORTERM` says `truecolor` or `24bit`, the 256-colour palette otherwise.
package enum TerminalColors {
    /// The strategy for an environment.
    package static func strategy(environment: [String: String]) -> any ColorStrategy {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return NoColor() }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm.contains("truecolor") || colorTerm.contains("24bit") { return TrueColor() }
        return Palette256()
    }
}
