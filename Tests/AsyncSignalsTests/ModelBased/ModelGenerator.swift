import TestSupport

/// Makes random cases: a script of 0 to 6 values and most often a terminal event, a chain of 1 to 5 operators,
/// and in half the cases an early disposal.
enum ModelGenerator {
  static func makeCase(_ random: inout SeededRandom) -> ModelCase {
    let source: ModelSource = Bool.random(using: &random) ? .cold : .subject
    var script = (0..<Int.random(in: 0...6, using: &random)).map { _ in
      ModelEvent.value(Int.random(in: -3...20, using: &random))
    }
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4: script.append(.completed)
    case 4..<8: script.append(.failed(Int.random(in: 1...3, using: &random)))
    default: break
    }
    var chain: [ModelOperator] = []
    for _ in 0..<Int.random(in: 1...5, using: &random) {
      var op = makeOperator(&random)
      // Resubscribing is predictable for a cold source only, and not through `share` (one connection).
      while op.resubscribes, source == .subject || chain.contains(.share) {
        op = makeOperator(&random)
      }
      chain.append(op)
    }
    var disposal: ModelDisposal?
    if Bool.random(using: &random) {
      if source == .subject, Bool.random(using: &random) {
        disposal = .afterStep(Int.random(in: 0...script.count, using: &random))
      } else {
        disposal = .insideHandler(afterEvent: Int.random(in: 1...8, using: &random))
      }
    }
    return ModelCase(source: source, script: script, chain: chain, disposal: disposal)
  }

  static func makeOperator(_ random: inout SeededRandom) -> ModelOperator {
    let values = { (random: inout SeededRandom) in
      (0..<Int.random(in: 0...2, using: &random)).map { _ in Int.random(in: 30...39, using: &random) }
    }
    switch Int.random(in: 0..<21, using: &random) {
    case 0: return .map(add: Int.random(in: -2...5, using: &random))
    case 1: return .filter(modulo: Int.random(in: 2...4, using: &random))
    case 2: return .scan
    case 3: return .take(Int.random(in: 0...4, using: &random))
    case 4: return .skip(Int.random(in: 0...3, using: &random))
    case 5: return .takeWhile(lessThan: Int.random(in: 0...15, using: &random))
    case 6: return .skipWhile(lessThan: Int.random(in: 0...15, using: &random))
    case 7: return .takeUntil(atLeast: Int.random(in: 0...15, using: &random))
    case 8: return .distinctUntilChanged
    case 9: return .materializeThenDematerialize
    case 10: return .materializeEncoded
    case 11: return .prepend(values(&random))
    case 12: return .concat(values(&random))
    case 13: return .merge(values(&random))
    case 14: return .flatMap(.merge)
    case 15: return .flatMap(.concat)
    case 16: return .flatMap(.latest)
    case 17: return .catchWith(values(&random))
    case 18: return .retry(Int.random(in: 0...2, using: &random))
    case 19: return .repeatRounds(Int.random(in: 0...3, using: &random))
    default: return .share
    }
  }
}
