import RecordingsMAVB
import RecordingsMVC
import RecordingsMVCVS
import RecordingsMVVMC
import RecordingsTEA
import RecordingsUI

/// The five implementations of the same app, by the name `--architecture` takes. This table is the
/// only place that knows them all.
package enum Architecture: String, CaseIterable, Sendable {
    /// Model-View-Controller (the default).
    case mvc
    /// Model-View-ViewModel with a Coordinator.
    case mvvmC = "mvvm-c"
    /// MVC with the view state in a model-layer store.
    case mvcVS = "mvc-vs"
    /// Model-Adapter-View-Binder.
    case mavb
    /// The Elm Architecture.
    case tea

    /// Makes the app of this architecture.
    @MainActor
    package var factory: RecordingsAppFactory {
        switch self {
        case .mvc: { MVCApp(environment: $0, width: $1, height: $2) }
        case .mvvmC: { MVVMCApp(environment: $0, width: $1, height: $2) }
        case .mvcVS: { MVCVSApp(environment: $0, width: $1, height: $2) }
        case .mavb: { MAVBApp(environment: $0, width: $1, height: $2) }
        case .tea: { TEAApp(environment: $0, width: $1, height: $2) }
        }
    }
}
