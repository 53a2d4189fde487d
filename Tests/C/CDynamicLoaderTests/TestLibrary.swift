import CDynamicLoader

#if canImport(Glibc)
    import Glibc
#endif

/// A library description made by a test, as a C target makes its static one: the strings and tables live
/// as long as this object, the symbols' addresses go to slots of its own.
final class TestLibrary {
    private let library = UnsafeMutablePointer<bl_library>.allocate(capacity: 1)
    private let slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let symbolCount: Int
    private var allocations: [UnsafeMutableRawPointer] = []

    /// A description of `files` with `symbols`; every failure's message begins "cannot load test library".
    init(
        files: [String], symbols: [String] = [], variable: String? = nil, foreign: String? = nil,
        advice: [(needle: String, text: String)] = [], check: bl_library_check? = nil,
        context: UnsafeMutableRawPointer? = nil
    ) {
        symbolCount = symbols.count
        slots = .allocate(capacity: max(symbols.count, 1))
        slots.initialize(repeating: nil, count: max(symbols.count, 1))
        library.initialize(to: bl_library())
        library.pointee.failure = text("cannot load test library")
        library.pointee.variable = variable.map(text)
        library.pointee.foreign = foreign.map(text)
        library.pointee.files = table(files.map(text) + [nil])
        library.pointee.symbols = table(
            symbols.enumerated().map { bl_symbol(name: text($1), slot: slots + $0) }
                + [bl_symbol(name: nil, slot: nil)])
        library.pointee.advice =
            advice.isEmpty
            ? nil : table(advice.map { bl_advice(needle: text($0), text: text($1)) } + [bl_advice()])
        library.pointee.check = check
        library.pointee.context = context
    }

    deinit {
        for allocation in allocations { free(allocation) }
        slots.deallocate()
        library.deallocate()
    }

    /// Loads the library; `reason` is what this call was told (empty when it loaded).
    func load(reasonSize: Int = 512) -> (status: Int32, reason: String) {
        var reason = [CChar](repeating: 0, count: reasonSize)
        let status = bl_library_load(library, &reason, reason.count)
        return (
            status, String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        )
    }

    /// The address found for the `index`th symbol, or nil.
    func address(_ index: Int) -> UnsafeMutableRawPointer? {
        precondition(index < symbolCount)
        return slots[index]
    }

    /// The loader's pointer to the description, for calls from several threads at once.
    var pointer: UnsafeMutablePointer<bl_library> { library }

    private func text(_ string: String) -> UnsafePointer<CChar> {
        let copy = strdup(string)!
        allocations.append(copy)
        return UnsafePointer(copy)
    }

    private func table<Element>(_ elements: [Element]) -> UnsafePointer<Element> {
        let memory = malloc(MemoryLayout<Element>.stride * elements.count)!
        allocations.append(memory)
        let typed = memory.bindMemory(to: Element.self, capacity: elements.count)
        typed.initialize(from: elements, count: elements.count)
        return UnsafePointer(typed)
    }
}
