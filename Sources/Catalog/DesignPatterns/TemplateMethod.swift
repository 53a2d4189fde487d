// Template method — fix the skeleton of an algorithm in one place and let each variant fill in
// (or hook into) individual steps.
//
// The book's `AnySandwich.make()` always prepares the bread, puts it on a plate, adds meat, adds
// condiments, runs an optional extra step and serves; a Reuben and a hamburger supply the steps,
// and only the Reuben uses the hook (it grills). In Swift the skeleton is a protocol extension
// method, the steps are protocol requirements, and the hook is a requirement with an empty default.
// Use it when variants share an order of steps that must not drift. Don't use it when the variants
// share nothing but a name, or when a couple of closures passed to one function would do.
//
// BlueLibrary: catalog only — the app's formatters are data-driven templates, not step hierarchies.

/// A sandwich recipe: the book's abstract class `AnySandwich`, kept by name so readers find it.
protocol AnySandwich {
    var name: String { get }
    func prepareBread(in kitchen: any Console)
    func addMeat(in kitchen: any Console)
    func addCondiments(in kitchen: any Console)
    /// The hook: nothing by default; a recipe may override it.
    func extraStep(in kitchen: any Console)
}

extension AnySandwich {
    /// The template method: the one order every sandwich follows.
    func make(in kitchen: any Console) {
        prepareBread(in: kitchen)
        putBreadOnPlate(in: kitchen)
        addMeat(in: kitchen)
        addCondiments(in: kitchen)
        extraStep(in: kitchen)
        serve(in: kitchen)
    }

    func extraStep(in kitchen: any Console) {}

    // Fixed steps: every sandwich does these the same way, so they are not requirements.
    func putBreadOnPlate(in kitchen: any Console) { kitchen.print("\(name): put bread on a plate") }
    func serve(in kitchen: any Console) { kitchen.print("\(name): serve") }
}

struct ReubenSandwich: AnySandwich {
    let name = "Reuben"

    func prepareBread(in kitchen: any Console) { kitchen.print("\(name): cut rye bread") }
    func addMeat(in kitchen: any Console) { kitchen.print("\(name): add corned beef") }
    func addCondiments(in kitchen: any Console) {
        kitchen.print("\(name): add sauerkraut, Thousand Island dressing and Swiss cheese")
    }
    func extraStep(in kitchen: any Console) { kitchen.print("\(name): grill it") }
}

struct Hamburger: AnySandwich {
    let name = "Hamburger"

    func prepareBread(in kitchen: any Console) { kitchen.print("\(name): get a small round bun") }
    func addMeat(in kitchen: any Console) { kitchen.print("\(name): add a beef patty") }
    func addCondiments(in kitchen: any Console) {
        kitchen.print("\(name): add ketchup, mustard and pickles")
    }
}

/// Makes both sandwiches with the same template.
func runTemplateMethodDemo(on console: any Console) {
    let sandwiches: [any AnySandwich] = [ReubenSandwich(), Hamburger()]
    for sandwich in sandwiches {
        sandwich.make(in: console)
    }
}
