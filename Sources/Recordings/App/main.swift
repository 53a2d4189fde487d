import Foundation
import RecordingsLauncher

let status = await Launcher.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)
