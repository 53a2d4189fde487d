import TerminalKit

/// Something the scroller can show: it draws itself into a rectangle of the screen.
@MainActor
package protocol ScrollerTile: AnyObject {
    /// Draws the tile at `(x, y)` with the given size; `tick` advances animations (a spinner).
    func draw(into screen: inout TerminalScreen, x: Int, y: Int, width: Int, height: Int, tick: Int)
}

/// What the scroller asks of its owner (the tutorial's `HorizontalScrollerDelegate`). The scroller
/// knows nothing of albums: whoever adopts this protocol adapts its own data to it (the Adapter
/// pattern, as delegation).
@MainActor
package protocol HorizontalScrollerDelegate: AnyObject {
    /// How many views to show.
    func numberOfViews(in scroller: HorizontalScroller) -> Int
    /// The view at `index`.
    func horizontalScroller(_ scroller: HorizontalScroller, viewAt index: Int) -> any ScrollerTile
    /// The view at `index` was clicked (or snapped to).
    func horizontalScroller(_ scroller: HorizontalScroller, clickedViewAt index: Int)
    /// The view to show first; 0 unless the delegate says otherwise.
    func initialViewIndex(for scroller: HorizontalScroller) -> Int
}

extension HorizontalScrollerDelegate {
    package func initialViewIndex(for scroller: HorizontalScroller) -> Int { 0 }
}

/// A reusable horizontal scroller of tiles for the terminal (the tutorial's `HorizontalScroller`):
/// it lays views out by ``ScrollerLayout``, centres a clicked view, snaps after a scroll, and asks
/// its delegate — held weakly — for everything else.
@MainActor
package final class HorizontalScroller {
    /// The owner that supplies views and hears clicks; not retained.
    package weak var delegate: (any HorizontalScrollerDelegate)?
    /// The layout in cells.
    package private(set) var layout: ScrollerLayout
    /// How far the content is scrolled, in columns.
    package private(set) var contentOffset = 0
    /// How many views there are (as of the last reload).
    package private(set) var count = 0
    /// The width the scroller is shown in.
    package private(set) var visibleWidth: Int

    /// Creates a scroller with views `viewWidth × viewHeight` cells and `padding` around each.
    package init(viewWidth: Int, viewHeight: Int, padding: Int, visibleWidth: Int) {
        layout = ScrollerLayout(padding: padding, viewWidth: viewWidth, viewHeight: viewHeight, offset: 0)
        self.visibleWidth = visibleWidth
        layout.offset = leadingOffset(for: visibleWidth)
    }

    /// The leading offset that makes the tutorial's initial offset (`index × stride`) centre the view:
    /// with a 320-point screen and 100-point views it is the tutorial's 100.
    private func leadingOffset(for width: Int) -> Int {
        max(width / 2 - layout.viewWidth / 2 - layout.padding, 0)
    }

    /// Re-reads the number of views and scrolls to the delegate's initial view.
    package func reload() {
        count = delegate?.numberOfViews(in: self) ?? 0
        contentOffset = layout.initialOffset(for: delegate?.initialViewIndex(for: self) ?? 0)
    }

    /// Re-reads the number of views, keeping the scroll position.
    package func reloadKeepingPosition() {
        count = delegate?.numberOfViews(in: self) ?? 0
    }

    /// Adapts to a new width (the terminal was resized).
    package func resize(visibleWidth width: Int) {
        visibleWidth = width
        layout.offset = leadingOffset(for: width)
    }

    /// Adapts to a new width and a new size of views (a terminal resized enough for other tiles).
    package func resize(visibleWidth width: Int, viewWidth: Int, viewHeight: Int) {
        layout.viewWidth = viewWidth
        layout.viewHeight = viewHeight
        resize(visibleWidth: width)
    }

    /// How many views the visible width shows whole (at least one): a screenful, for paging.
    package var viewsPerScreen: Int {
        max(visibleWidth / layout.stride, 1)
    }

    /// Scrolls so that view `index` is centred.
    package func center(on index: Int) {
        contentOffset = layout.centeredOffset(for: index, visibleWidth: visibleWidth)
    }

    /// A click at a column of the scroller's band: finds the view there, tells the delegate and
    /// centres it. Returns the index clicked, if any.
    @discardableResult
    package func click(atColumn column: Int) -> Int? {
        guard let index = layout.index(atContentX: column + contentOffset, count: count) else { return nil }
        delegate?.horizontalScroller(self, clickedViewAt: index)
        center(on: index)
        return index
    }

    /// Scrolls by some columns (a drag or a wheel).
    package func scroll(by columns: Int) {
        contentOffset += columns
    }

    /// Scrolling stopped: snap to the nearest view, centre it and tell the delegate it was selected.
    package func endScrolling() {
        guard count > 0 else { return }
        let index = layout.snappedIndex(for: contentOffset, count: count)
        contentOffset = layout.initialOffset(for: index)
        delegate?.horizontalScroller(self, clickedViewAt: index)
    }

    /// The indexes of the views at least partly visible.
    package var visibleIndexes: Range<Int> {
        guard count > 0 else { return 0..<0 }
        let first = max(
            (contentOffset - layout.offset - layout.padding - layout.viewWidth) / layout.stride, 0)
        let last = min((contentOffset + visibleWidth - layout.offset) / layout.stride + 1, count)
        return first..<max(first, last)
    }

    /// Draws the visible views with their top at row `top`.
    package func draw(into screen: inout TerminalScreen, top: Int, tick: Int) {
        guard let delegate else { return }
        for index in visibleIndexes {
            let frame = layout.frame(at: index)
            let tile = delegate.horizontalScroller(self, viewAt: index)
            tile.draw(
                into: &screen, x: frame.x - contentOffset, y: top + frame.y, width: frame.width,
                height: frame.height,
                tick: tick)
        }
    }
}
