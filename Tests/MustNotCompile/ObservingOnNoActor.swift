// Observation reads the object on its actor: on no actor, there is none to read it on.
// expect: 'nil' is not compatible with expected argument type 'any Actor'
import AsyncSignals
import LegacyBridge
import Observation

@Observable final class Profile { var name = "" }

nonisolated func observe(_ profile: Profile) -> Signal<String, Never> {
  Signal.observing(profile, \.name)
}
