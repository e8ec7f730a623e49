import AsyncSignals
import LegacyBridge
import Testing

/// A delegate protocol of the app, and the view that calls it: both on the main actor, as the target makes them.
protocol ListDelegate: AnyObject {
  func list(_ list: ListView, didSelectRow row: Int)
  func list(_ list: ListView, shouldSelectRow row: Int) -> Bool
}

final class ListView {
  weak var delegate: (any ListDelegate)?

  func select(_ row: Int) {
    guard delegate?.list(self, shouldSelectRow: row) ?? true else { return }
    delegate?.list(self, didSelectRow: row)
  }
}

/// The proxy of Docs/Bridges.md.
///
/// `DelegateProxy` is nonisolated, and so are its initialisers, so a subclass says
/// `nonisolated` too (in this target it would be main-actor-isolated and could not inherit them); its methods
/// are still called only where the list calls them, on the main actor.
nonisolated final class ListDelegateProxy: DelegateProxy<any ListDelegate>, ListDelegate {
  let selections = DelegateMethod<Int>()
  let questions = DelegateMethod<Int>()

  func list(_ list: ListView, didSelectRow row: Int) {
    selections.send(row)
    forward { $0.list(list, didSelectRow: row) }
  }

  func list(_ list: ListView, shouldSelectRow row: Int) -> Bool {
    questions.send(row)
    return forward(default: true) { $0.list(list, shouldSelectRow: row) }
  }
}

final class EvenRowsOnly: ListDelegate {
  var selected: [Int] = []
  func list(_ list: ListView, didSelectRow row: Int) { selected.append(row) }
  func list(_ list: ListView, shouldSelectRow row: Int) -> Bool { row.isMultiple(of: 2) }
}

@Suite(.timeLimit(.minutes(1)))
struct ListDelegateProxyTests {
  @Test func theProxyTurnsCallsIntoValuesAndForwardsThemToTheOriginal() {
    let list = ListView()
    let original = EvenRowsOnly()
    let proxy = ListDelegateProxy(original: original)
    list.delegate = proxy
    var selections: [Int] = []
    var questions: [Int] = []
    let bag = DisposeBag()
    proxy.selections.signal.subscribe(value: { selections.append($0) }).disposed(by: bag)
    proxy.questions.signal.subscribe(value: { questions.append($0) }).disposed(by: bag)
    list.select(1)
    list.select(2)
    #expect(questions == [1, 2])
    #expect(selections == [2])
    #expect(original.selected == [2])
  }
}
