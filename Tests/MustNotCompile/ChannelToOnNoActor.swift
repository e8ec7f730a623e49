// A two-way channel to an @Observable object, on no actor.
// expect: 'nil' is not compatible with expected argument type 'any Actor'
import AsyncSignals
import LegacyBridge
import Observation

@Observable final class Profile { var name = "" }

nonisolated func channel(_ profile: Profile) -> ChannelTerminal<String> {
  RACChannelTo(profile, \.name)
}
