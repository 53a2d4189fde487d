/// The groups of the catalog, in the order the book presents them, then the extras.
package enum PatternGroup: Int, CaseIterable, Sendable, Comparable {
    case objectCreation
    case interfaceAdaptation
    case decouplingObjects
    case abstractCollections
    case extendingBehaviour
    case encapsulatingAlgorithms
    case beyondTheBook
    case mvcAndDelegationNotes

    /// The heading `patterns list` prints for the group.
    package var title: String {
        switch self {
        case .objectCreation: "Object creation"
        case .interfaceAdaptation: "Interface adaptation"
        case .decouplingObjects: "Decoupling objects"
        case .abstractCollections: "Abstract collections"
        case .extendingBehaviour: "Extending behaviour"
        case .encapsulatingAlgorithms: "Encapsulating algorithms"
        case .beyondTheBook: "Beyond the book"
        case .mvcAndDelegationNotes: "From the MVC and delegation notes"
        }
    }

    package static func < (lhs: PatternGroup, rhs: PatternGroup) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// One pattern of the catalog and the example system that demonstrates it.
package struct PatternEntry: Sendable {
    /// The kebab-case name used on the command line, e.g. `chain-of-responsibility`.
    package let name: String
    /// The group the pattern belongs to.
    package let group: PatternGroup
    /// One line saying what the pattern does.
    package let summary: String
    /// The file in `Sources/Catalog/DesignPatterns` that holds the example system.
    package let sourceFile: String
    private let demo: @Sendable (any Console) -> Void

    init(
        _ name: String,
        _ group: PatternGroup,
        file: String,
        _ summary: String,
        demo: @escaping @Sendable (any Console) -> Void
    ) {
        self.name = name
        self.group = group
        self.summary = summary
        self.sourceFile = file
        self.demo = demo
    }

    /// Runs the example system, writing what happens to `console`.
    package func run(on console: any Console) {
        demo(console)
    }
}

/// Every pattern of the catalog, and the look-ups the `patterns` runner needs.
package enum PatternCatalog {
    /// All entries, grouped and ordered as the book does, then the extras.
    package static let entries: [PatternEntry] = [
        PatternEntry(
            "prototype", .objectCreation, file: "Prototype.swift",
            "Copy a configured object (deeply) instead of building a new one", demo: runPrototypeDemo),
        PatternEntry(
            "factory-method", .objectCreation, file: "FactoryMethod.swift",
            "Let a creator's method decide which concrete product to make", demo: runFactoryMethodDemo),
        PatternEntry(
            "abstract-factory", .objectCreation, file: "AbstractFactory.swift",
            "Create a whole family of matching products through one interface", demo: runAbstractFactoryDemo),
        PatternEntry(
            "builder", .objectCreation, file: "Builder.swift",
            "One director, the same build steps, different products", demo: runBuilderDemo),
        PatternEntry(
            "singleton", .objectCreation, file: "Singleton.swift",
            "One shared, lazily created, thread-safe instance", demo: runSingletonDemo),
        PatternEntry(
            "adapter", .interfaceAdaptation, file: "Adapter.swift",
            "Make a type usable through an interface it was not written for", demo: runAdapterDemo),
        PatternEntry(
            "bridge", .interfaceAdaptation, file: "Bridge.swift",
            "A console controller drives whichever emulator is plugged in", demo: runBridgeDemo),
        PatternEntry(
            "facade", .interfaceAdaptation, file: "Facade.swift",
            "A cab driver hides the taximeter and the car behind one call", demo: runFacadeDemo),
        PatternEntry(
            "mediator", .decouplingObjects, file: "Mediator.swift",
            "Screens talk only through a coordinating controller", demo: runMediatorDemo),
        PatternEntry(
            "observer", .decouplingObjects, file: "Observer.swift",
            "Notify observers of a change: subject and observers, notifications, property observation",
            demo: runObserverDemo),
        PatternEntry(
            "composite", .abstractCollections, file: "Composite.swift",
            "Vertices, dots and nested strokes behind one Mark interface", demo: runCompositeDemo),
        PatternEntry(
            "iterator", .abstractCollections, file: "Iterator.swift",
            "Walk the drawing with next() or a block that can stop early", demo: runIteratorDemo),
        PatternEntry(
            "visitor", .extendingBehaviour, file: "Visitor.swift",
            "Add operations over the mark tree without changing the marks", demo: runVisitorDemo),
        PatternEntry(
            "decorator", .extendingBehaviour, file: "Decorator.swift",
            "Stack wrappers (transform, shadow) on an image; or extend the type", demo: runDecoratorDemo),
        PatternEntry(
            "chain-of-responsibility", .extendingBehaviour, file: "ChainOfResponsibility.swift",
            "An attack passes shield, armour and avatar until one handles it",
            demo: runChainOfResponsibilityDemo),
        PatternEntry(
            "template-method", .encapsulatingAlgorithms, file: "TemplateMethod.swift",
            "Sandwiches fill in the steps of one fixed recipe, with a hook", demo: runTemplateMethodDemo),
        PatternEntry(
            "strategy", .encapsulatingAlgorithms, file: "Strategy.swift",
            "Swap the validation algorithm of a text field at run time", demo: runStrategyDemo),
        PatternEntry(
            "command", .encapsulatingAlgorithms, file: "Command.swift",
            "Requests as objects, with undo and redo stacks", demo: runCommandDemo),
        PatternEntry(
            "memento", .beyondTheBook, file: "Memento.swift",
            "Save a drawing's state as an opaque snapshot and restore it", demo: runMementoDemo),
        PatternEntry(
            "proxy", .beyondTheBook, file: "Proxy.swift",
            "A lazy, caching stand-in for a slow cover service", demo: runProxyDemo),
        PatternEntry(
            "mvc", .mvcAndDelegationNotes, file: "MVCAddressForm.swift",
            "An address form: model, view and the controller between them", demo: runMVCDemo),
        PatternEntry(
            "delegation", .mvcAndDelegationNotes, file: "DelegationLogin.swift",
            "A login view calls a weakly held delegate", demo: runDelegationDemo),
        PatternEntry(
            "messaging", .mvcAndDelegationNotes, file: "Messaging.swift",
            "Notification, delegate, closure, target-action and observation side by side",
            demo: runMessagingDemo),
    ]

    /// The entry called `name`; case, spaces and underscores are forgiven ("Chain of responsibility").
    package static func entry(named name: String) -> PatternEntry? {
        let wanted = normalized(name)
        return entries.first { $0.name == wanted }
    }

    /// The lines of `patterns list`: a heading per group, then each name padded, and its summary.
    package static func listing() -> [String] {
        let width = entries.map(\.name.count).max() ?? 0
        var lines: [String] = []
        for group in PatternGroup.allCases {
            let members = entries.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append("\(group.title):")
            for entry in members {
                let padding = String(repeating: " ", count: width - entry.name.count)
                lines.append("  \(entry.name)\(padding)  \(entry.summary)")
            }
        }
        return lines
    }

    /// Runs `selected` one after the other. A single pattern prints only its own lines; several are
    /// each put under a `== name ==` heading and separated by blank lines.
    package static func run(_ selected: [PatternEntry], on console: any Console) {
        if selected.count == 1, let only = selected.first {
            return only.run(on: console)
        }
        for (index, entry) in selected.enumerated() {
            if index > 0 { console.print("") }
            console.print("== \(entry.name) ==")
            entry.run(on: console)
        }
    }

    /// Lower-cases and turns spaces and underscores into hyphens.
    static func normalized(_ name: String) -> String {
        let trimmed = name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        return String(String(trimmed).lowercased().map { $0 == " " || $0 == "_" ? "-" : $0 })
    }
}
