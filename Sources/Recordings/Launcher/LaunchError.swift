import Diagnostics

/// Why `recordings` did not start; its code is the status the process exits with (`usage` for wrong
/// arguments or no terminal, `dataError` for a damaged or foreign `store.json`, `ioError` when the data
/// directory cannot be created or read).
package typealias LaunchError = CodedError<ExitStatus>
