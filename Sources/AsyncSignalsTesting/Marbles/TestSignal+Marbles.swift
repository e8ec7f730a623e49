import AsyncSignals

extension TestSignal {
  /// Each subscription so far drawn as a subscription marble: `^` where it started, `!` where it ended.
  ///
  /// Times count from the scheduler's zero, in frames of its ``TestScheduler/frame``; a subscription still
  /// active has no `!`, and one that ended where it started is `(^!)`.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .seconds(1))
  /// let source = scheduler.makeColdSignal("--a|")
  /// let recorder = scheduler.start(subscribedAt: .seconds(1), disposedAt: .seconds(10)) { source.signal }
  /// source.subscriptionMarbles  // ["-^--!"]
  /// ```
  public var subscriptionMarbles: [String] {
    let layout = MarbleLayout(frame: frame)
    return subscriptions.map { subscription in
      let row = MarbleRow(label: "", subscription: subscription)
      return (try? layout.draw([row]).lines[0]) ?? "\(subscription)"
    }
  }

  /// Checks that the source's subscriptions so far are the ones `marbles` draw, one marble per subscription in
  /// the order they started; reports a test issue showing both when they are not.
  ///
  /// Each marble has `^` where the subscription starts and `!` where it ends (none while it is still active), on
  /// the scheduler's ``TestScheduler/frame`` from its time zero; `-`, spaces, groups such as `(^!)` and time
  /// progression (`10ms`) are read as in a value marble. No marble at all expects no subscription.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .seconds(1))
  /// let source = scheduler.makeColdSignal("-a-#", failure: Boom())
  /// let recorder = scheduler.record(source.signal.retry(1))
  /// scheduler.run()
  /// source.expectSubscriptions("^--!", "---^--!")
  /// ```
  ///
  /// On a mismatch the issue, recorded at the call, draws both on one grid with a caret under the first frame that
  /// differs. A malformed marble stops the test with a message naming the string and the column.
  ///
  /// - Parameters:
  ///   - marbles: One subscription marble per expected subscription.
  ///   - fileID: Where the expectation is written; leave the default.
  ///   - filePath: Where the expectation is written; leave the default.
  ///   - line: Where the expectation is written; leave the default.
  ///   - column: Where the expectation is written; leave the default.
  /// - Returns: Whether the subscriptions are the same.
  @discardableResult
  public func expectSubscriptions(
    _ marbles: String...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Bool {
    let api = "expectSubscriptions(_:)"
    let parser = MarbleParser(frame: frame)
    let expected = marbles.map { parser.subscriptionOrStop($0, api: api) }
    guard
      let report = MarbleMismatch.subscriptions(
        actual: subscriptions,
        expected: expected,
        frame: frame,
        marbles: marbles,
        api: api
      )
    else { return true }
    MarbleMismatch.record(report, fileID: fileID, filePath: filePath, line: line, column: column)
    return false
  }
}
