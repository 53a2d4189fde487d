/// The tutorial scroller's layout rules, in terminal cells instead of points: padding around
/// each view, a leading and trailing offset, centring on click and snapping after a scroll.
///
/// With the tutorial's numbers — padding 10, views 100 wide, offset 100 — it reproduces the original
/// exactly (view *i* at `x = 110 + 120·i`), including its snapping formula with the `floor` the original
/// forgot.
package struct ScrollerLayout: Sendable, Equatable {
    /// Space on each side of a view.
    package var padding: Int
    /// A view's width.
    package var viewWidth: Int
    /// A view's height.
    package var viewHeight: Int
    /// Space before the first view and after the last.
    package var offset: Int

    /// Creates a layout.
    package init(padding: Int, viewWidth: Int, viewHeight: Int, offset: Int) {
        self.padding = padding
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.offset = offset
    }

    /// The distance from one view to the next.
    package var stride: Int { viewWidth + 2 * padding }

    /// The frame of view `index` in content coordinates: `x = offset + padding + index × stride`.
    package func frame(at index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        (offset + padding + index * stride, padding, viewWidth, viewHeight)
    }

    /// The width of the content holding `count` views: the last `x` plus the trailing offset.
    package func contentWidth(count: Int) -> Int {
        offset + count * stride + offset
    }

    /// The scroll offset that first shows view `index` (the delegate's initial view).
    package func initialOffset(for index: Int) -> Int {
        index * stride
    }

    /// The scroll offset that centres view `index` in a visible width.
    package func centeredOffset(for index: Int, visibleWidth: Int) -> Int {
        frame(at: index).x - visibleWidth / 2 + viewWidth / 2
    }

    /// The view whose frame contains content column `x`, if any.
    package func index(atContentX x: Int, count: Int) -> Int? {
        guard x >= offset + padding else { return nil }
        let index = (x - offset - padding) / stride
        let frame = frame(at: index)
        return index < count && x < frame.x + frame.width ? index : nil
    }

    /// The view to snap to when scrolling stops at `scrollOffset`:
    /// `floor((scrollOffset + viewWidth/2 + padding) / stride)`, clamped into `0..<count`.
    package func snappedIndex(for scrollOffset: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let numerator = scrollOffset + viewWidth / 2 + padding
        let floored = numerator >= 0 ? numerator / stride : -((-numerator + stride - 1) / stride)
        return min(max(floored, 0), count - 1)
    }
}
