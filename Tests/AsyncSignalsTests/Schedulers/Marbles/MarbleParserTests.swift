import Testing

@testable import AsyncSignalsTesting

@Suite struct MarbleParserTests {
  let parser = MarbleParser(frame: .seconds(1))

  /// The symbols of `marbles` as `(kind, seconds)` pairs.
  func events(_ marbles: String, use: MarbleParser.Use = .cold) throws -> [String] {
    try parser.events(marbles, use: use).map { symbol in
      let kind =
        switch symbol.kind {
        case .value(let letter): String(letter)
        case .completion: "|"
        case .failure: "#"
        }
      return "\(kind)@\(MarbleTime.text(symbol.time))"
    }
  }

  @Test func eachSymbolTakesAFrame() throws {
    #expect(try events("-a-b|") == ["a@1s", "b@3s", "|@4s"])
    #expect(try events("ab#") == ["a@0s", "b@1s", "#@2s"])
    #expect(try events("") == [])
    #expect(try events("---") == [])
  }

  @Test func aGroupIsOneFrame() throws {
    #expect(try events("-(ab)-c") == ["a@1s", "b@1s", "c@3s"])
    #expect(try events("(a|)") == ["a@0s", "|@0s"])
  }

  @Test func spacesAreIgnored() throws {
    #expect(try events("  - a  - b |") == ["a@1s", "b@3s", "|@4s"])
    #expect(try events("( a b )") == ["a@0s", "b@0s"])
  }

  @Test func theColumnIsCountedFromOneOverEveryCharacter() throws {
    #expect(try parser.events(" -a", use: .cold).map(\.column) == [3])
  }

  @Test func digitsAndOtherCharactersAreValues() throws {
    #expect(try events("1-2-x|") == ["1@0s", "2@2s", "x@4s", "|@5s"])
  }

  @Test func timeProgressionMovesTimeByItsDuration() throws {
    #expect(try events("a 9ms b") == ["a@0s", "b@1009ms"])  // `a` takes its frame, then 9 ms pass
    #expect(try events("1s a 2m b 1.5s |") == ["a@1s", "b@122s", "|@124500ms"])
    #expect(try events("-a 0.25ms |") == ["a@1s", "|@2000.25ms"])
  }

  @Test func timeProgressionNeedsASpaceOrAnEndAroundIt() throws {
    #expect(try events("a1s") == ["a@0s", "1@1s", "s@2s"])  // not after a space: values
    #expect(try events("1sa") == ["1@0s", "s@1s", "a@2s"])  // not followed by a space: values
    #expect(try events("10x ") == ["1@0s", "0@1s", "x@2s"])  // no unit
    #expect(try events("(1s )") == ["1@0s", "s@0s"])  // inside a group: values
  }

  @Test func decimalProgressionIsExact() throws {
    let symbols = try parser.events("0.3s a", use: .cold)
    #expect(symbols.first?.time == .milliseconds(300))
  }

  @Test func aHotSourceCountsFromItsCaret() throws {
    #expect(try events("-a^-b|", use: .hot) == ["a@-1s", "b@2s", "|@3s"])
    #expect(try events("-a-b|", use: .hot) == ["a@1s", "b@3s", "|@4s"])
  }

  @Test func framesOfAnyLength() throws {
    let symbols = try MarbleParser(frame: .milliseconds(100)).events("--a 1s b", use: .cold)
    #expect(symbols.map(\.time) == [.milliseconds(200), .milliseconds(1_300)])
  }
}

extension MarbleParserTests {
  @Suite struct Subscriptions {
    let parser = MarbleParser(frame: .seconds(1))

    @Test func aCaretAndABang() throws {
      #expect(try parser.subscription("^---!") == TestSubscription(subscribedAt: .zero, disposedAt: .seconds(4)))
      #expect(try parser.subscription(" --^-!") == TestSubscription(subscribedAt: .seconds(2), disposedAt: .seconds(4)))
    }

    @Test func anActiveSubscriptionHasNoBang() throws {
      #expect(try parser.subscription("-^---") == TestSubscription(subscribedAt: .seconds(1), disposedAt: nil))
    }

    @Test func aGroupEndsWhereItStarts() throws {
      #expect(try parser.subscription("-(^!)") == TestSubscription(subscribedAt: .seconds(1), disposedAt: .seconds(1)))
    }

    @Test func timeProgression() throws {
      #expect(try parser.subscription("^ 10s !") == TestSubscription(subscribedAt: .zero, disposedAt: .seconds(11)))
    }
  }
}

extension MarbleParserTests {
  /// Every malformed marble, with the reason and column the parser gives; the messages the public API stops with
  /// are checked in `MarblePreconditionTests`.
  @Suite struct Malformed {
    let parser = MarbleParser(frame: .seconds(1))

    func error(_ marbles: String, use: MarbleParser.Use = .cold) -> MarbleSyntaxError? {
      do {
        _ = try parser.events(marbles, use: use)
        return nil
      } catch {
        return error
      }
    }

    func subscriptionError(_ marbles: String) -> MarbleSyntaxError? {
      do {
        _ = try parser.subscription(marbles)
        return nil
      } catch {
        return error
      }
    }

    @Test func twoTerminalEvents() {
      #expect(
        error("-a|-#") == MarbleSyntaxError(reason: "a second terminal event (the first is at column 3)", column: 5)
      )
      #expect(
        error("(a||)") == MarbleSyntaxError(reason: "a second terminal event (the first is at column 3)", column: 4)
      )
    }

    @Test func aValueAfterTheTerminalEvent() {
      #expect(
        error("-|-a")
          == MarbleSyntaxError(reason: "the value 'a' after the terminal event at column 2", column: 4)
      )
    }

    @Test func aCaretInAColdSourceOrAnExpectedHistory() {
      #expect(
        error("-^-a") == MarbleSyntaxError(reason: "'^' in a cold source, which has no subscription point", column: 2)
      )
      #expect(
        error("^a", use: .expected)
          == MarbleSyntaxError(reason: "'^' in an expected history, which starts at time zero", column: 1)
      )
    }

    @Test func twoCarets() {
      #expect(
        error("^-^", use: .hot) == MarbleSyntaxError(reason: "a second '^' (the first is at column 1)", column: 3)
      )
    }

    @Test func aCaretInsideAGroup() {
      #expect(
        error("(^a)", use: .hot)
          == MarbleSyntaxError(reason: "'^' inside the group opened at column 1", column: 2)
      )
    }

    @Test func aBangInAValueMarble() {
      #expect(
        error("-a!")
          == MarbleSyntaxError(
            reason: "'!' marks where a subscription ends: it belongs in a subscription marble",
            column: 3
          )
      )
    }

    @Test func unbalancedNestedEmptyOrDashedGroups() {
      #expect(error("-(ab") == MarbleSyntaxError(reason: "'(' without ')'", column: 2))
      #expect(error("-a)") == MarbleSyntaxError(reason: "')' without '('", column: 3))
      #expect(error("(a(b))") == MarbleSyntaxError(reason: "a group inside the group opened at column 1", column: 3))
      #expect(error("-()") == MarbleSyntaxError(reason: "an empty group", column: 3))
      #expect(error("(a-b)") == MarbleSyntaxError(reason: "'-' inside the group opened at column 1", column: 3))
    }

    @Test func subscriptionMarbles() {
      #expect(subscriptionError("---") == MarbleSyntaxError(reason: "no '^' where the subscription starts", column: 4))
      #expect(
        subscriptionError("^-^")
          == MarbleSyntaxError(
            reason: "a second '^' (the first is at column 1): draw each subscription in its own marble",
            column: 3
          )
      )
      #expect(subscriptionError("-!^") == MarbleSyntaxError(reason: "'!' before the '^' it would end", column: 2))
      #expect(
        subscriptionError("^!!") == MarbleSyntaxError(reason: "a second '!' (the first is at column 2)", column: 3)
      )
      #expect(
        subscriptionError("^-a!")
          == MarbleSyntaxError(
            reason: "'a' in a subscription marble, which has only '-', '^', '!', '(', ')' and times",
            column: 3
          )
      )
      #expect(subscriptionError("(^") == MarbleSyntaxError(reason: "'(' without ')'", column: 1))
    }

    @Test func theMessageNamesTheAPITheStringAndTheColumn() {
      let error = MarbleSyntaxError(reason: "an empty group", column: 3)
      #expect(
        error.message(api: "makeColdSignal(_:)", marbles: "-()")
          == "makeColdSignal(_:): an empty group at column 3 of \"-()\"\n  -()\n    ^"
      )
    }
  }
}
