// Facade — one simple interface in front of a subsystem of several collaborating objects.
//
// The passenger tells the cab driver where to go; the driver works the taximeter and the car.
// Use it to give most clients one easy entry point while experts can still reach the parts, and to
// keep subsystem changes from rippling into clients. Don't let the facade grow into a god object
// that re-exposes every method of every part; keep it to the tasks clients actually have.
//
// BlueLibrary: `LibraryAPI` in Sources/BlueLibraryServices/LibraryAPI.swift hides the store and the
// HTTP client behind a handful of album operations.

/// Part of the subsystem: the fare meter.
struct Taximeter {
    let console: any Console

    func start() { console.print("Taximeter: start") }
    func stop() { console.print("Taximeter: stop") }
}

/// Part of the subsystem: the car's controls.
struct Car {
    let console: any Console

    func releaseBrakes() { console.print("Car: release brakes") }
    func changeGears() { console.print("Car: change gears") }
    func pressAccelerator() { console.print("Car: press accelerator") }
    func releaseAccelerator() { console.print("Car: release accelerator") }
    func pressBrakes() { console.print("Car: press brakes") }
}

/// The facade: a passenger only ever calls `driveToLocation(_:)`.
struct CabDriver {
    private let taximeter: Taximeter
    private let car: Car
    private let console: any Console

    init(console: any Console) {
        self.console = console
        taximeter = Taximeter(console: console)
        car = Car(console: console)
    }

    /// Starts the meter, drives off, and on arrival releases the accelerator, presses the brakes and
    /// stops the meter, in that order.
    func driveToLocation(_ destination: Point) {
        taximeter.start()
        car.releaseBrakes()
        car.changeGears()
        car.pressAccelerator()
        console.print("CabDriver: arrived at \(destination)")
        car.releaseAccelerator()
        car.pressBrakes()
        taximeter.stop()
    }
}

/// A passenger takes a cab: one call, eight steps behind it.
func runFacadeDemo(on console: any Console) {
    console.print("Passenger: take me to (3, 7)")
    CabDriver(console: console).driveToLocation(Point(x: 3, y: 7))
}
