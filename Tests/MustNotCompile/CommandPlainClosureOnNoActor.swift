// On no actor, a command cannot be made from a plain closure.
// expect: 'nil' is not compatible with expected argument type 'any Actor'
import AsyncSignals
import LegacyBridge

nonisolated func plain() -> Command<Int, Int, Never> {
  Command { (input: Int) in .return(input) }
}
