// Facade — one simple interface in front of a subsystem of several collaborating objects.
//
// The book's passenger tells a cab driver where to go, `driveToLocation(_:)` to (100.0, 100.0); the
// driver starts the taximeter, releases the brakes, changes gears and presses the accelerator, and
// on arrival releases the accelerator, presses the brakes and stops the meter. Use it to give most
// clients one easy entry point while experts can still reach the parts, and to keep subsystem changes
// from rippling into clients. Don't let the facade grow into a god object that re-exposes every
// method of every part; keep it to the tasks clients actually have.
//
// Departs from the book: its methods do nothing visible; here each one prints its name, so the run
// shows the sequence the book's code performs.
//
// BlueLibrary: `LibraryAPI` hides the store and the HTTP client behind a handful of album operations;
// PATTERNS.md names the files.

import Foundation

/// Part of the subsystem: the fare meter.
struct Taximeter {
    let console: any Console

    func start() { console.print("Taximeter: start") }
    func stop() { console.print("Taximeter: stop") }
}

/// Part of the subsystem: the car's controls, the book's whole interface.
struct Car {
    let console: any Console

    func releaseBrakes() { console.print("Car: release brakes") }
    func changeGears() { console.print("Car: change gears") }
    func pressAccelerator() { console.print("Car: press accelerator") }
    func releaseAccelerator() { console.print("Car: release accelerator") }
    func pressBrakes() { console.print("Car: press brakes") }
    /// Part of the car's interface; the book's driver never needs it for a fare.
    func stop() { console.print("Car: stop") }
}

/// The facade: a passenger only ever calls `driveToLocation(_:)`.
struct CabDriver {
    let console: any Console

    /// Starts the meter, drives, and on arrival releases the accelerator, presses the brakes and stops
    /// the meter, in that order. Like the book's driver, it takes a meter and a car for the trip.
    func driveToLocation(_ x: CGPoint) {
        console.print("CabDriver: drive to location (\(x.x), \(x.y))")
        let meter = Taximeter(console: console)
        meter.start()
        let car = Car(console: console)
        car.releaseBrakes()
        car.changeGears()
        car.pressAccelerator()
        // … until location x is reached, then stop the car and the meter.
        car.releaseAccelerator()
        car.pressBrakes()
        meter.stop()
    }
}

/// The book's client: one call to the facade.
func runFacadeDemo(on console: any Console) {
    CabDriver(console: console).driveToLocation(CGPoint(x: 100.0, y: 100.0))
}
