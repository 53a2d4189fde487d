import Foundation
import Testing

@testable import DesignPatterns

struct PatternCatalogTests {
    static let bookOrder: [(PatternGroup, [String])] = [
        (.objectCreation, ["prototype", "factory-method", "abstract-factory", "builder", "singleton"]),
        (.interfaceAdaptation, ["adapter", "bridge", "facade"]),
        (.decouplingObjects, ["mediator", "observer"]),
        (.abstractCollections, ["composite", "iterator"]),
        (.extendingBehaviour, ["visitor", "decorator", "chain-of-responsibility"]),
        (.encapsulatingAlgorithms, ["template-method", "strategy", "command"]),
        (.beyondTheBook, ["memento", "proxy"]),
        (.mvcAndDelegationNotes, ["mvc", "delegation", "messaging"]),
    ]

    @Test func entriesFollowTheBooksGroupsAndOrder() {
        let actual = PatternCatalog.entries.map { "\($0.group.title)/\($0.name)" }
        let expected = Self.bookOrder.flatMap { group, names in names.map { "\(group.title)/\($0)" } }
        #expect(actual == expected)
        #expect(
            PatternCatalog.entries.filter { $0.group < .beyondTheBook }.count == 18, "the book's eighteen")
    }

    @Test func groupsAreInBookOrder() {
        #expect(
            PatternGroup.allCases.map(\.title) == [
                "Object creation", "Interface adaptation", "Decoupling objects", "Abstract collections",
                "Extending behaviour", "Encapsulating algorithms", "Beyond the book",
                "From the MVC and delegation notes",
            ])
        let groups = PatternCatalog.entries.map(\.group)
        #expect(groups == groups.sorted(), "entries never go back to an earlier group")
    }

    @Test func namesAreUniqueAndKebabCase() {
        let names = PatternCatalog.entries.map(\.name)
        #expect(Set(names).count == names.count)
        for name in names {
            let words = name.split(separator: "-", omittingEmptySubsequences: false)
            #expect(
                words.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("a"..."z").contains($0) } },
                "\(name) is not kebab-case")
        }
    }

    @Test(arguments: PatternCatalog.entries.map(\.name))
    func everyPatternRunsAndPrints(name: String) throws {
        let entry = try #require(PatternCatalog.entry(named: name))
        let output = lines { entry.run(on: $0) }
        #expect(output.count >= 2)
        #expect(output.allSatisfy { !$0.isEmpty })
    }

    @Test(arguments: PatternCatalog.entries.map(\.name))
    func everyPatternFileOpensWithItsDocComment(name: String) throws {
        let entry = try #require(PatternCatalog.entry(named: name))
        let sources = packageRoot.appendingPathComponent("Sources/Catalog/DesignPatterns")
        let text = try String(contentsOf: sources.appendingPathComponent(entry.sourceFile), encoding: .utf8)
        #expect(text.hasPrefix("//"), "\(entry.sourceFile) must open with its doc comment")
        let header = text.split(separator: "\n").prefix { $0.hasPrefix("//") }
        #expect(header.count >= 4, "intent, when to use, when not to, where BlueLibrary uses it")
        #expect(
            header.contains { $0.contains("BlueLibrary:") },
            "\(entry.sourceFile) must say where the app uses it")
    }

    @Test func entryLookupForgivesCaseAndSpaces() {
        #expect(PatternCatalog.entry(named: "chain-of-responsibility")?.name == "chain-of-responsibility")
        #expect(PatternCatalog.entry(named: "Chain of Responsibility")?.name == "chain-of-responsibility")
        #expect(PatternCatalog.entry(named: " template_method ")?.name == "template-method")
        #expect(PatternCatalog.entry(named: "chain") == nil)
    }

    @Test(arguments: [
        ("chain", ["chain-of-responsibility"]),
        ("singelton", ["singleton"]),
        ("observe", ["observer"]),
        ("factory", ["factory-method", "abstract-factory"]),
        ("Template", ["template-method"]),
        ("xyzzy", []),
        ("", []),
    ])
    func suggestionsFindCloseNames(typed: String, expected: [String]) {
        #expect(PatternCatalog.suggestions(for: typed) == expected)
    }

    @Test func suggestionsAreLimited() {
        #expect(PatternCatalog.suggestions(for: "factory", limit: 1) == ["factory-method"])
    }

    @Test func unknownPatternMessageListsCloseMatches() {
        #expect(
            PatternCatalog.unknownPatternMessage(for: "chain")
                == "unknown pattern 'chain' (did you mean: chain-of-responsibility?)")
        #expect(
            PatternCatalog.unknownPatternMessage(for: "xyzzy")
                == "unknown pattern 'xyzzy' (run 'patterns list' to see them all)")
    }

    @Test(arguments: [
        ("", "", 0), ("abc", "", 3), ("", "ab", 2), ("kitten", "sitting", 3), ("singelton", "singleton", 2),
        ("proxy", "proxy", 0),
    ])
    func editDistance(source: String, target: String, distance: Int) {
        #expect(PatternCatalog.editDistance(source, target) == distance)
        #expect(PatternCatalog.editDistance(target, source) == distance)
    }

    @Test func listingHasAHeadingPerGroupAndEveryNameOnce() {
        let listing = PatternCatalog.listing()
        let headings = listing.filter { $0.hasSuffix(":") && !$0.hasPrefix(" ") }
        #expect(headings == PatternGroup.allCases.map { "\($0.title):" })
        for entry in PatternCatalog.entries {
            #expect(listing.filter { $0.hasPrefix("  \(entry.name) ") }.count == 1)
            #expect(listing.contains { $0.hasPrefix("  \(entry.name) ") && $0.hasSuffix(entry.summary) })
        }
        #expect(listing.first == "Object creation:")
    }

    @Test func runningSeveralPatternsHeadsEachSection() throws {
        let selected = try ["facade", "chain-of-responsibility"].map {
            try #require(PatternCatalog.entry(named: $0))
        }
        let output = lines { PatternCatalog.run(selected, on: $0) }
        #expect(output.first == "== facade ==")
        let heading = try #require(output.firstIndex(of: "== chain-of-responsibility =="))
        #expect(output[heading - 1] == "", "a blank line separates sections")
        #expect(Array(output[(heading + 1)...]) == lines(of: runChainOfResponsibilityDemo))
    }

    @Test func runningOnePatternPrintsOnlyItsLines() throws {
        let chain = try #require(PatternCatalog.entry(named: "chain-of-responsibility"))
        #expect(lines { PatternCatalog.run([chain], on: $0) } == lines(of: runChainOfResponsibilityDemo))
    }
}
