import BlueLibraryTerminal
import TerminalKit
import Testing

/// The layout maths, with the tutorial's own numbers: padding 10, views 100 × 100, offset 100.
struct ScrollerLayoutTests {
    let layout = ScrollerLayout(padding: 10, viewWidth: 100, viewHeight: 100, offset: 100)

    @Test func viewsArePlacedAsTheTutorialPlacesThem() async {
        #expect(layout.frame(at: 0) == (110, 10, 100, 100))
        #expect(layout.frame(at: 1).x == 230)
        #expect(layout.frame(at: 4).x == 590)
        #expect(layout.contentWidth(count: 5) == 800)
        #expect(layout.stride == 120)
    }

    @Test func theInitialOffsetAndCentring() async {
        #expect(layout.initialOffset(for: 3) == 360)
        // On the tutorial's 320-point screen, centring view 3 is the same offset.
        #expect(layout.centeredOffset(for: 3, visibleWidth: 320) == 360)
        #expect(layout.centeredOffset(for: 0, visibleWidth: 320) == 0)
    }

    @Test(
        arguments: [(110, 0), (209, 0), (210, nil), (229, nil), (230, 1), (650, 4), (700, nil), (50, nil)]
            as [(Int, Int?)])
    func aPointFindsTheViewWhoseFrameContainsIt(x: Int, index: Int?) async {
        #expect(layout.index(atContentX: x, count: 5) == index)
    }

    @Test(arguments: [(0, 0), (59, 0), (60, 1), (179, 1), (180, 2), (-61, 0), (-200, 0), (10_000, 4)])
    func snappingFloorsAndClamps(offset: Int, index: Int) async {
        #expect(layout.snappedIndex(for: offset, count: 5) == index)
    }

    @Test func snappingAnEmptyScrollerIsHarmless() async {
        #expect(layout.snappedIndex(for: 500, count: 0) == 0)
    }
}

@MainActor
final class RecordingDelegate: HorizontalScrollerDelegate {
    var clicks: [Int] = []
    let count: Int
    let initial: Int

    init(count: Int, initial: Int = 0) {
        self.count = count
        self.initial = initial
    }

    final class Tile: ScrollerTile {
        let index: Int
        init(_ index: Int) { self.index = index }
        func draw(into screen: inout TerminalScreen, x: Int, y: Int, width: Int, height: Int, tick: Int) {
            screen.write(String(index), x: x, y: y)
        }
    }

    func numberOfViews(in scroller: HorizontalScroller) -> Int { count }
    func horizontalScroller(_ scroller: HorizontalScroller, viewAt index: Int) -> any ScrollerTile {
        Tile(index)
    }
    func horizontalScroller(_ scroller: HorizontalScroller, clickedViewAt index: Int) { clicks.append(index) }
    func initialViewIndex(for scroller: HorizontalScroller) -> Int { initial }
}

@MainActor
struct HorizontalScrollerTests {
    @Test func theDelegateIsNotRetained() async {
        let scroller = HorizontalScroller(viewWidth: 10, viewHeight: 4, padding: 1, visibleWidth: 40)
        do {
            let delegate = RecordingDelegate(count: 3)
            scroller.delegate = delegate
            #expect(scroller.delegate != nil)
        }
        #expect(scroller.delegate == nil)
    }

    @Test func itOpensCentredOnTheInitialView() async {
        let delegate = RecordingDelegate(count: 10, initial: 4)
        let scroller = HorizontalScroller(viewWidth: 10, viewHeight: 4, padding: 1, visibleWidth: 40)
        scroller.delegate = delegate
        scroller.reload()
        var screen = TerminalScreen(width: 40, height: 6)
        scroller.draw(into: &screen, top: 0, tick: 0)
        let row = Array(screen.cells[1].map(\.character))
        // View 4's label sits where a centred 10-wide view starts: column 15.
        #expect(row[15] == "4")
    }

    @Test func aClickSelectsTheViewUnderItAndCentresIt() async {
        let delegate = RecordingDelegate(count: 10)
        let scroller = HorizontalScroller(viewWidth: 10, viewHeight: 4, padding: 1, visibleWidth: 40)
        scroller.delegate = delegate
        scroller.reload()
        #expect(scroller.click(atColumn: 28) == 1)
        #expect(delegate.clicks == [1])
        #expect(scroller.contentOffset == scroller.layout.centeredOffset(for: 1, visibleWidth: 40))
        #expect(scroller.click(atColumn: 14) == nil, "padding between views is no view")
    }

    @Test func afterAScrollItSnapsAndTellsTheDelegate() async {
        let delegate = RecordingDelegate(count: 10)
        let scroller = HorizontalScroller(viewWidth: 10, viewHeight: 4, padding: 1, visibleWidth: 40)
        scroller.delegate = delegate
        scroller.reload()
        scroller.scroll(by: 31)
        scroller.endScrolling()
        #expect(delegate.clicks == [3])
        #expect(scroller.contentOffset == 36)
    }
}
