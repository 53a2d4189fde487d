import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary undo`: undoes the last change, even one made in an earlier run.
struct UndoVerb: Verb {
    static let spec = VerbSpec(name: "undo", summary: "undo the last change, even one made in an earlier run")
    static let services: ServiceNeeds = [.mirrorsChanges]

    init(_ arguments: ParsedArguments) {}

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        HistoryStep.report(try await context.library.undo(), undo: true, to: context.out)
        return .success
    }
}

/// `bluelibrary redo`: redoes the last undone change.
struct RedoVerb: Verb {
    static let spec = VerbSpec(name: "redo", summary: "redo the last undone change")
    static let services: ServiceNeeds = [.mirrorsChanges]

    init(_ arguments: ParsedArguments) {}

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        HistoryStep.report(try await context.library.redo(), undo: false, to: context.out)
        return .success
    }
}

/// What `undo` and `redo` print.
enum HistoryStep {
    static func report(_ change: LibraryChange?, undo: Bool, to out: Output) {
        guard let change, let effect = change.effect else {
            out.line("Nothing to \(undo ? "undo" : "redo").")
            return
        }
        let what = undo ? effect.inverse.summary : effect.summary
        let current = change.state.current.map { " Current album: index \($0.index)." } ?? ""
        out.line("\(undo ? "Undid" : "Redid") \(what).\(current)")
    }
}
