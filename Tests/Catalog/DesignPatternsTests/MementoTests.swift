import Testing

@testable import DesignPatterns

struct MementoTests {
    @Test func restoringReturnsToTheSavedState() async {
        let scribble = Scribble(drawing: SampleDrawing.make())
        let saved = scribble.drawing.visited(by: OutlineWriter()).lines
        let memento = scribble.makeMemento()
        scribble.add(Dot(Point(x: 40, y: 40), color: .green, size: 6))
        #expect(scribble.drawing.visited(by: OutlineWriter()).lines != saved)
        scribble.restore(from: memento)
        #expect(scribble.drawing.visited(by: OutlineWriter()).lines == saved)
    }

    @Test func theMementoSharesNoMarkWithTheDrawingBeforeOrAfterARestore() async {
        let scribble = Scribble(drawing: SampleDrawing.make())
        let memento = scribble.makeMemento()
        scribble.drawing.child(at: 0)?.color = .blue
        scribble.restore(from: memento)
        #expect(scribble.drawing.child(at: 0)?.color == .red, "edits after the snapshot did not reach it")
        scribble.drawing.child(at: 0)?.color = .green
        scribble.restore(from: memento)
        #expect(scribble.drawing.child(at: 0)?.color == .red, "nor did edits to a restored drawing")
    }

    @Test func theCaretakerKeepsMementosAndGivesThemBack() async throws {
        let scribble = Scribble()
        scribble.add(Vertex(Point(x: 1, y: 2)))
        var manager = ScribbleManager()
        manager.save(scribble.makeMemento(), as: "one")
        #expect(manager.memento(named: "missing") == nil)

        let other = Scribble()
        other.restore(from: try #require(manager.memento(named: "one")))
        #expect(other.drawing.count == 1)
        #expect(other.drawing.location == Point(x: 1, y: 2))
    }

    /// The caretaker's view, checked by the compiler: a file other than Memento.swift may keep and
    /// pass on a memento, and each line marked `forbidden` — reading it, making one from a drawing —
    /// must be refused as hidden. If either compiled, a caretaker could read or forge a snapshot. (No
    /// other initializer exists to try: `nothingInsideAMementoIsVisibleOutsideTheOriginatorsFile`.)
    static let caretakerSnippet = """
        @testable import DesignPatterns

        struct Caretaker {
            var kept: [ScribbleMemento] = []
            mutating func keep(_ scribble: Scribble) { kept.append(scribble.makeMemento()) }
            func giveBack(to scribble: Scribble) { kept.last.map(scribble.restore(from:)) }
            func read(_ memento: ScribbleMemento) -> Stroke { memento.drawing }  // forbidden
            func forge(_ stroke: Stroke) -> ScribbleMemento { ScribbleMemento(copying: stroke) }  // forbidden
        }
        """

    @Test func reflectionShowsNothingInsideAMementoEither() async {
        let memento = Scribble(drawing: SampleDrawing.make()).makeMemento()
        #expect(Mirror(reflecting: memento).children.isEmpty)
    }

    @Test func demoOutput() async {
        #expect(
            lines(of: runMementoDemo) == [
                "Saved a memento; the drawing has 2 marks",
                "Kept drawing: 4 marks",
                "Restored: 2 marks again",
            ])
    }
}

extension MementoTests {
    /// What only the compiler can show. Each check runs `swiftc` or `swift-symbolgraph-extract`, a
    /// process of its own: the suite is named so that it runs with the end-to-end tests, a few at once
    /// (scripts/test.sh).
    struct CompilerChecks {
        @Test func aCaretakerCanNeitherReadNorForgeAMemento() async throws {
            let snippet = MementoTests.caretakerSnippet
            let errors = try await ModuleInspection.typeCheck(snippet)
            let forbidden = snippet.split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated().filter { $0.element.hasSuffix("// forbidden") }.map { $0.offset + 1 }
            #expect(forbidden.count == 2)
            #expect(
                Set(errors.map(\.line)) == Set(forbidden), "errors exactly on the forbidden lines: \(errors)")
            for error in errors {
                #expect(
                    error.message.contains("inaccessible") || error.message.contains("has no member"),
                    "refused for being hidden, not for a slip in the snippet: \(error)")
            }
        }

        @Test func nothingInsideAMementoIsVisibleOutsideTheOriginatorsFile() async throws {
            let members = try await ModuleInspection.visibleMembers(of: "ScribbleMemento")
            let names = members.map { $0.pathComponents[1] }
            #expect(names == ["customMirror"], "no initializer and no property but the empty mirror")
            let originator = try await ModuleInspection.visibleMembers(of: "Scribble").map {
                $0.pathComponents[1]
            }
            #expect(originator.contains("makeMemento()"), "the symbol graph does list visible members")
        }
    }
}
