import Foundation

// The executable: argument parsing and wiring only; the behaviour lives in the library modules.
let status = Tool(environment: ProcessInfo.processInfo.environment).run(
    Array(CommandLine.arguments.dropFirst()))
exit(status)
