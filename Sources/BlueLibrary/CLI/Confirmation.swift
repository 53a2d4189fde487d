import BlueLibraryCore
import BlueLibraryServices

/// How `modify` and `remove` get a yes: `-y` in advance, else the person at the terminal; without a
/// terminal and without `-y` the verb shows what would change, then refuses.
struct Confirmation: Sendable {
    let verb: String
    /// Whether `-y` answered in advance.
    let answered: Bool

    init(verb: String, _ arguments: ParsedArguments) {
        self.verb = verb
        answered = arguments.has("yes")
    }

    /// Refuses when no one can confirm: no `-y` and no terminal to ask on. The preview printed so far
    /// goes out first, so the refusal follows what would have changed.
    func checkCanConfirm(_ count: Int, _ out: Output, noun: String = "album") throws {
        guard !answered, !Prompt.isInteractive else { return }
        out.flush()
        throw LibraryError(
            .usage,
            "\(verb) would change \(count) \(noun)\(count == 1 ? "" : "s"); add -y to confirm (no terminal to ask)"
        )
    }

    /// Whether to go ahead: `-y` says yes; otherwise the person at the terminal is asked.
    func confirmed(_ action: String, _ count: Int, on out: Output, noun: String = "album") async -> Bool {
        if answered { return true }
        return await Prompt.confirm("\(action) \(count) \(noun)\(count == 1 ? "" : "s")?", on: out)
    }

    /// How many albums a grouped change touched.
    static func count(of change: LibraryChange?) -> Int {
        guard case .group(let group)? = change?.effect else { return 0 }
        return group.albumCommandCount
    }
}
