import Foundation
import Testing

@testable import DesignPatterns

struct FacadeTests {
    /// The book's `driveToLocation:` body, one line per call it makes.
    static let booksDrive = [
        "CabDriver: drive to location (100.0, 100.0)",
        "Taximeter: start",
        "Car: release brakes",
        "Car: change gears",
        "Car: press accelerator",
        "Car: release accelerator",
        "Car: press brakes",
        "Taximeter: stop",
    ]

    @Test func theDemoIsTheBooksClientDrivingTo100By100() {
        #expect(lines(of: runFacadeDemo) == Self.booksDrive)
    }

    @Test func cabDriverRunsTheBooksSequenceToAnyLocation() {
        let steps = lines { CabDriver(console: $0).driveToLocation(CGPoint(x: 2.5, y: -7)) }
        #expect(steps.first == "CabDriver: drive to location (2.5, -7.0)")
        #expect(Array(steps.dropFirst()) == Array(Self.booksDrive.dropFirst()))
    }

    @Test func onArrivalTheMeterStopsLast() throws {
        let steps = lines { CabDriver(console: $0).driveToLocation(.zero) }
        let release = try #require(steps.firstIndex(of: "Car: release accelerator"))
        let brake = try #require(steps.firstIndex(of: "Car: press brakes"))
        let stop = try #require(steps.firstIndex(of: "Taximeter: stop"))
        #expect(release < brake && brake < stop && stop == steps.count - 1)
        #expect(steps.dropFirst().first == "Taximeter: start")
    }

    @Test func carHasTheBooksWholeInterface() {
        let controls = lines { console in
            let car = Car(console: console)
            car.releaseBrakes()
            car.changeGears()
            car.pressAccelerator()
            car.releaseAccelerator()
            car.pressBrakes()
            car.stop()
        }
        #expect(controls.count == 6)
        #expect(controls.last == "Car: stop")
        #expect(!Self.booksDrive.contains("Car: stop"), "the book's driver does not call it")
    }
}
