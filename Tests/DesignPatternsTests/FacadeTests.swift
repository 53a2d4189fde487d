import Testing

@testable import DesignPatterns

struct FacadeTests {
    @Test func cabDriverRunsTheStepsInOrder() {
        let steps = lines { CabDriver(console: $0).driveToLocation(Point(x: 3, y: 7)) }
        #expect(
            steps == [
                "Taximeter: start",
                "Car: release brakes",
                "Car: change gears",
                "Car: press accelerator",
                "CabDriver: arrived at (3, 7)",
                "Car: release accelerator",
                "Car: press brakes",
                "Taximeter: stop",
            ])
    }

    @Test func onArrivalTheMeterStopsLast() throws {
        let steps = lines { CabDriver(console: $0).driveToLocation(.origin) }
        let release = try #require(steps.firstIndex(of: "Car: release accelerator"))
        let brake = try #require(steps.firstIndex(of: "Car: press brakes"))
        let stop = try #require(steps.firstIndex(of: "Taximeter: stop"))
        #expect(release < brake && brake < stop && stop == steps.count - 1)
        #expect(steps.first == "Taximeter: start")
    }
}
