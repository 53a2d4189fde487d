import Testing

@testable import DesignPatterns

struct IteratorTests {
    /// The sample drawing's descendants in pre-order, described.
    let expectedOrder = [
        "stroke rgb(255, 0, 0) with 4 children",
        "vertex at (2, 3)",
        "vertex at (10, 5)",
        "stroke rgb(0, 255, 0) with 2 children",
        "vertex at (4, 6)",
        "vertex at (5, 8)",
        "vertex at (20, 0)",
        "dot at (7, 30)",
    ]

    @Test func externalIteratorWalksTheWholeTreeInPreOrder() {
        var iterator = SampleDrawing.make().makeMarkIterator()
        var seen: [String] = []
        while let mark = iterator.next() {
            seen.append(summary(of: mark))
        }
        #expect(seen == expectedOrder)
        let afterTheEnd = iterator.next()
        #expect(afterTheEnd == nil, "an exhausted iterator stays exhausted")
    }

    @Test func externalIteratorCanStopEarlyAndResume() {
        let drawing = SampleDrawing.make()
        var iterator = drawing.makeMarkIterator()
        let first = iterator.next()
        let second = iterator.next()
        #expect(first === drawing.child(at: 0))
        #expect(second.map(summary(of:)) == "vertex at (2, 3)")
        // The client stopped after two; the iterator holds its place without having run ahead.
        let third = iterator.next()
        #expect(third.map(summary(of:)) == "vertex at (10, 5)")
    }

    @Test func internalEnumerationStopsWhenAsked() {
        var visited: [String] = []
        SampleDrawing.make().enumerateMarks { mark, stop in
            visited.append(summary(of: mark))
            if mark.color == .green { stop = true }
        }
        #expect(visited == Array(expectedOrder.prefix(4)))
    }

    @Test func internalEnumerationWithoutStopVisitsEverything() {
        var count = 0
        SampleDrawing.make().enumerateMarks { _, _ in count += 1 }
        #expect(count == expectedOrder.count)
    }

    @Test func sequenceWorksWithForIn() {
        let drawing = SampleDrawing.make()
        #expect(drawing.descendants.map(summary(of:)) == expectedOrder)
        #expect(drawing.descendants.filter { $0 is Vertex }.count == 6, "the dot is a vertex too")
        #expect(drawing.descendants.filter { $0 is Dot }.count == 1)
    }

    @Test func demoCountsTheDotAmongTheVertices() {
        #expect(
            lines(of: runIteratorDemo).last == "for-in over the whole tree counts 6 vertices, 1 of them a dot"
        )
    }

    @Test func leafHasNothingToIterate() {
        var iterator = Dot(.origin, color: .red, size: 1).makeMarkIterator()
        let first = iterator.next()
        #expect(first == nil)
    }
}
