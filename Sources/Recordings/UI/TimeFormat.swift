/// Times as the play pane and the record modal show them: `h:mm:ss` (e.g. `0:00:14`).
package enum TimeFormat {
    /// Whole seconds as `h:mm:ss`.
    package static func string(_ seconds: Double) -> String {
        let total = seconds.isFinite ? max(Int(seconds), 0) : 0
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
