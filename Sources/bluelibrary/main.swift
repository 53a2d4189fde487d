import Foundation

// The executable: argument parsing and wiring only; the behaviour lives in the library modules.
let tool = Tool(environment: ProcessInfo.processInfo.environment)
exit(await tool.run(Array(CommandLine.arguments.dropFirst())))
