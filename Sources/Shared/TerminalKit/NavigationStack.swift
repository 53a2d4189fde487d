/// A stack of titled views, the top one shown (the toolkit's navigation controller); its titles make
/// the path a header shows, e.g. `Recordings › Work › Ideas`.
@MainActor
package final class NavigationStack: View {
    /// The views, bottom first, each with its title.
    package private(set) var entries: [(title: String, view: any View)] = []

    /// Creates an empty stack.
    package init() {}

    /// The view on top.
    package var top: (any View)? { entries.last?.view }

    /// Pushes a view.
    package func push(_ view: any View, title: String) {
        entries.append((title, view))
    }

    /// Pops the top view (never the last one).
    @discardableResult
    package func pop() -> (any View)? {
        guard entries.count > 1 else { return nil }
        return entries.removeLast().view
    }

    /// Replaces the whole stack.
    package func setEntries(_ entries: [(title: String, view: any View)]) {
        self.entries = entries
    }

    /// Changes the title of the entry whose view is `view`.
    package func setTitle(_ title: String, of view: any View) {
        guard let index = entries.firstIndex(where: { $0.view === view }) else { return }
        entries[index].title = title
    }

    /// The titles joined with a separator.
    package func path(separator: String) -> String {
        entries.map(\.title).joined(separator: separator)
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        top?.draw(in: rect, on: &canvas)
    }
}
