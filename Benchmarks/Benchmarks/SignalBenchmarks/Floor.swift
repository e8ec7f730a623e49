/// Closures the optimiser cannot see through: the plain-closure floor that every pipeline is compared with.
///
/// The stages are stored in a class and chosen at run time, so the compiler cannot inline or fold them away.
final class ClosureFloor: @unchecked Sendable {
  // Safety: written once in `init`, read only afterwards, by one benchmark at a time.
  var transform: (Int) -> Int
  var isIncluded: (Int) -> Bool
  var combine: (Int, Int) -> Int

  @inline(never)
  init() {
    transform = { $0 &+ 1 }
    isIncluded = { $0 & 1 == 0 }
    combine = { $0 &+ $1 }
  }
}

/// One subscriber of the fan-out floor.
struct FloorCallback {
  let call: (Int) -> Int
}

/// The size of the pipeline scenarios.
let pipelineCount = 1_000_000
