/// The help texts of the `patterns` runner.
enum Usage {
    static let main = """
        USAGE: patterns <command>

        Runs the example systems of the BlueLibrary design-pattern catalog.

        COMMANDS:
          list              List every pattern, grouped as the book groups them.
          run NAME...       Run the named patterns' example systems and print what happens.
          run --all         Run every example system, each under a heading.
          help [COMMAND]    Show this help, or the help of COMMAND.

        OPTIONS:
          -h, --help        Show this help.

        EXAMPLES:
          patterns list
          patterns run chain-of-responsibility
          patterns run --all
        """

    static let list = """
        USAGE: patterns list

        Lists every pattern by group, with its kebab-case name and a one-line summary.
        """

    static let run = """
        USAGE: patterns run NAME...
               patterns run --all

        Runs the example system of each named pattern and prints what happens.
        NAME is a kebab-case name from 'patterns list', e.g. chain-of-responsibility.
        With several names (or --all) each example runs under a '== name ==' heading.

        OPTIONS:
          --all             Run every pattern, each under a '== name ==' heading.
                            (Several names are headed the same way; one name is not.)
          -h, --help        Show this help.
        """

    /// The help for `topic`, or `nil` when there is no such command.
    static func text(for topic: String?) -> String? {
        switch topic {
        case nil, "help": main
        case "list": list
        case "run": run
        default: nil
        }
    }
}
