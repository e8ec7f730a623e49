import AsyncSignals
import AsyncSignalsTesting
import Foundation
import LegacyBridge
import TestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

// MARK: - A user-defined delegate protocol

protocol ListDelegate: AnyObject {
  func list(_ list: ListView, didSelectRow row: Int)
  func list(_ list: ListView, shouldSelectRow row: Int) -> Bool
  func listDidReload(_ list: ListView)
}

/// A view that asks and tells its delegate, like a table view.
final class ListView {
  weak var delegate: (any ListDelegate)?

  /// Asks the delegate, then selects and tells it; returns whether the row was selected.
  @discardableResult
  func tap(row: Int) -> Bool {
    guard delegate?.list(self, shouldSelectRow: row) ?? true else { return false }
    delegate?.list(self, didSelectRow: row)
    return true
  }

  func reload() {
    delegate?.listDidReload(self)
  }
}

final class ListDelegateProxy: DelegateProxy<any ListDelegate>, ListDelegate {
  let selections = DelegateMethod<Int>()
  let selectionQuestions = DelegateMethod<Int>()
  let reloads = DelegateMethod<Void>()

  func list(_ list: ListView, didSelectRow row: Int) {
    selections.send(row)
    forward { $0.list(list, didSelectRow: row) }
  }

  func list(_ list: ListView, shouldSelectRow row: Int) -> Bool {
    selectionQuestions.send(row)
    return forward(default: true) { $0.list(list, shouldSelectRow: row) }
  }

  func listDidReload(_ list: ListView) {
    reloads.send()
    forward { $0.listDidReload(list) }
  }
}

/// The original delegate: records every call and refuses odd rows.
final class RecordingListDelegate: ListDelegate {
  var calls: [String] = []

  func list(_ list: ListView, didSelectRow row: Int) { calls.append("didSelect \(row)") }

  func list(_ list: ListView, shouldSelectRow row: Int) -> Bool {
    calls.append("shouldSelect \(row)")
    return row.isMultiple(of: 2)
  }

  func listDidReload(_ list: ListView) { calls.append("reload") }
}

@Suite struct DelegateProxyTests {
  let list = ListView()
  let original = RecordingListDelegate()
  let proxy: ListDelegateProxy

  init() {
    proxy = ListDelegateProxy(original: original)
    list.delegate = proxy
  }

  @Test func callbacksArriveAsValuesInOrder() {
    let selections = TestRecorder<Int, Never>()
    let reloads = TestRecorder<Void, Never>()
    let first = proxy.selections.signal.subscribe(selections.observer)
    let second = proxy.reloads.signal.subscribe(reloads.observer)
    list.tap(row: 0)
    list.tap(row: 2)
    list.reload()
    list.tap(row: 4)
    first.dispose()
    second.dispose()

    #expect(selections.untimedEvents == [.value(0), .value(2), .value(4)])
    #expect(reloads.values.count == 1)
  }

  @Test func originalReceivesEveryCall() {
    let subscription = proxy.selections.signal.subscribe(isolation: nil, value: { _ in })
    list.tap(row: 0)
    list.tap(row: 1)
    list.reload()
    subscription.dispose()

    #expect(original.calls == ["shouldSelect 0", "didSelect 0", "shouldSelect 1", "reload"])
  }

  @Test func returnValueIsTheOriginalsAnswer() {
    let questions = TestRecorder<Int, Never>()
    let subscription = proxy.selectionQuestions.signal.subscribe(questions.observer)
    #expect(list.tap(row: 2))
    #expect(!list.tap(row: 3))
    subscription.dispose()

    #expect(questions.values == [2, 3])
  }

  @Test func returnValueDefaultsWithoutAnOriginal() {
    let proxy = ListDelegateProxy()
    list.delegate = proxy
    #expect(proxy.original == nil)
    #expect(list.tap(row: 3))
  }

  @Test func originalIsHeldWeaklyAndReplaceable() {
    var replacement: RecordingListDelegate? = RecordingListDelegate()
    proxy.original = replacement
    list.tap(row: 0)
    #expect(replacement?.calls == ["shouldSelect 0", "didSelect 0"])
    #expect(original.calls.isEmpty)
    replacement = nil
    #expect(proxy.original == nil)
    #expect(list.tap(row: 1))
  }

  @Test func disposedSubscriberReceivesNothingAndIsReleased() {
    let weakRecorder = WeakReference<TestRecorder<Int, Never>>()
    let subscription: any Disposable = {
      let recorder = TestRecorder<Int, Never>()
      weakRecorder.object = recorder
      return proxy.selections.signal.subscribe(recorder.observer)
    }()
    #expect(proxy.selections.isObserved)
    subscription.dispose()
    #expect(weakRecorder.object == nil)
    #expect(!proxy.selections.isObserved)
    list.tap(row: 0)
    #expect(original.calls == ["shouldSelect 0", "didSelect 0"])
  }
}

// MARK: - A real Foundation delegate: XMLParserDelegate

/// Bridges the `XMLParserDelegate` calls a reader needs; every call is forwarded to the original.
final class XMLParserDelegateProxy: DelegateProxy<any XMLParserDelegate>, XMLParserDelegate {
  struct ElementStart: Sendable, Equatable {
    var name: String
    var attributes: [String: String]
  }

  let elementStarts = DelegateMethod<ElementStart>()
  let elementEnds = DelegateMethod<String>()
  let characters = DelegateMethod<String>()
  let documentEnds = DelegateMethod<Void>()

  func parser(
    _ parser: XMLParser,
    didStartElement elementName: String,
    namespaceURI: String?,
    qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    elementStarts.send(ElementStart(name: elementName, attributes: attributeDict))
    forward {
      $0.parser(
        parser,
        didStartElement: elementName,
        namespaceURI: namespaceURI,
        qualifiedName: qName,
        attributes: attributeDict
      )
    }
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    elementEnds.send(elementName)
    forward { $0.parser(parser, didEndElement: elementName, namespaceURI: namespaceURI, qualifiedName: qualifiedName) }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    characters.send(string)
    forward { $0.parser(parser, foundCharacters: string) }
  }

  func parserDidEndDocument(_ parser: XMLParser) {
    documentEnds.send()
    forward { $0.parserDidEndDocument(parser) }
  }
}

/// The original XML delegate: collects element names.
final class ElementNameCollector: NSObject, XMLParserDelegate {
  var names: [String] = []
  var didEnd = false

  func parser(
    _ parser: XMLParser,
    didStartElement elementName: String,
    namespaceURI: String?,
    qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    names.append(elementName)
  }

  func parserDidEndDocument(_ parser: XMLParser) {
    didEnd = true
  }
}

@Suite struct XMLParserDelegateProxyTests {
  let xml = #"<library><book id="1">Dune</book><book id="2">Emma</book></library>"#

  @Test func parsingSendsElementsInOrderAndForwards() {
    let parser = XMLParser(data: Data(xml.utf8))
    let original = ElementNameCollector()
    let proxy = XMLParserDelegateProxy(original: original)
    parser.delegate = proxy
    let starts = TestRecorder<XMLParserDelegateProxy.ElementStart, Never>()
    let ends = TestRecorder<String, Never>()
    let texts = TestRecorder<String, Never>()
    let documentEnds = TestRecorder<Void, Never>()
    let subscriptions = [
      proxy.elementStarts.signal.subscribe(starts.observer),
      proxy.elementEnds.signal.subscribe(ends.observer),
      proxy.characters.signal.subscribe(texts.observer),
      proxy.documentEnds.signal.subscribe(documentEnds.observer),
    ]

    #expect(parser.parse())
    for subscription in subscriptions {
      subscription.dispose()
    }

    #expect(
      starts.values == [
        .init(name: "library", attributes: [:]),
        .init(name: "book", attributes: ["id": "1"]),
        .init(name: "book", attributes: ["id": "2"]),
      ]
    )
    #expect(ends.values == ["book", "book", "library"])
    #expect(texts.values.joined() == "DuneEmma")
    #expect(documentEnds.values.count == 1)
    #expect(original.names == ["library", "book", "book"])
    #expect(original.didEnd)
  }

  @Test func titlesAsASignalPipeline() {
    let parser = XMLParser(data: Data(xml.utf8))
    let proxy = XMLParserDelegateProxy()
    parser.delegate = proxy
    let titles = TestRecorder<[String], Never>()
    let subscription = proxy.characters.signal
      .take(until: proxy.documentEnds.signal)
      .collect()
      .subscribe(titles.observer)

    #expect(parser.parse())
    subscription.dispose()

    #expect(titles.untimedEvents == [.value(["Dune", "Emma"]), .completed])
  }
}
