import AsyncSignals
import AsyncSignalsTesting

/// Every diagram the tool draws, each made by running the operator on marble inputs.
///
/// The `code` of each diagram is what its `build` runs, written the way a reader would (the scheduler is the
/// run's `TestScheduler`, one second a frame). Change both together.
enum Catalog {
  static let all = time + combining + flattening + errors

  static let time = [
    Diagram(
      "debounce",
      title: "`debounce(for:scheduler:)`",
      link: "Signal/debounce(for:scheduler:)",
      code: "source.debounce(for: .seconds(2), scheduler: scheduler)"
    ) {
      run in
      let source = run.hot("source", "-ab-----cd-----|")
      run.result(source.debounce(for: .seconds(2), scheduler: run.scheduler))
    },
    Diagram(
      "debounce-where",
      title: "`debounce(for:scheduler:where:)`",
      link: "Signal/debounce(for:scheduler:where:)",
      code: #"source.debounce(for: .seconds(2), scheduler: scheduler, where: { $0 != "x" })"#
    ) { run in
      let source = run.hot("source", "-ab-----cx---d--|")
      run.result(source.debounce(for: .seconds(2), scheduler: run.scheduler, where: { $0 != "x" }))
    },
    Diagram(
      "throttle-latest",
      title: "`throttle(for:scheduler:latest:)` with `latest: true`",
      link: "Signal/throttle(for:scheduler:latest:)",
      code: "source.throttle(for: .seconds(3), scheduler: scheduler, latest: true)"
    ) { run in
      let source = run.hot("source", "-abc-----d-ef------|")
      run.result(source.throttle(for: .seconds(3), scheduler: run.scheduler, latest: true))
    },
    Diagram(
      "throttle",
      title: "`throttle(for:scheduler:latest:)` with `latest: false`",
      link: "Signal/throttle(for:scheduler:latest:)",
      code: "source.throttle(for: .seconds(3), scheduler: scheduler, latest: false)"
    ) { run in
      let source = run.hot("source", "-abc-----d-ef------|")
      run.result(source.throttle(for: .seconds(3), scheduler: run.scheduler, latest: false))
    },
    Diagram(
      "delay",
      title: "`delay(for:scheduler:)`",
      link: "Signal/delay(for:scheduler:)",
      code: "source.delay(for: .seconds(2), scheduler: scheduler)"
    ) {
      run in
      let source = run.hot("source", "-a-b--c-|")
      run.result(source.delay(for: .seconds(2), scheduler: run.scheduler))
    },
    Diagram(
      "timeout",
      title: "`timeout(after:scheduler:)`",
      link: "Signal/timeout(after:scheduler:)",
      code: "source.timeout(after: .seconds(6), scheduler: scheduler)"
    ) { run in
      let source = run.hot("source", "-a--b-----c|")
      run.result(source.timeout(after: .seconds(6), scheduler: run.scheduler))
    },
    Diagram(
      "timeout-idle",
      title: "`timeout(idle:scheduler:)`",
      link: "Signal/timeout(idle:scheduler:)",
      code: "source.timeout(idle: .seconds(3), scheduler: scheduler)"
    ) { run in
      let source = run.hot("source", "-a--b-c------d|")
      run.result(source.timeout(idle: .seconds(3), scheduler: run.scheduler))
    },
  ]

  static let combining = [
    Diagram("sample", title: "`sample(on:)`", link: "Signal/sample(on:)", code: "source.sample(on: sampler)") { run in
      let source = run.hot("source", "-a-b----c-d---|")
      let sampler = run.hot("sampler", "---x--x--x--x-----|")
      run.result(source.sample(on: sampler))
    },
    Diagram(
      "take-until",
      title: "`take(until:)`",
      link: "Signal/take(until:)-(Signal<Trigger,Never>)",
      code: "source.take(until: trigger)"
    ) { run in
      let source = run.hot("source", "-a-b-c-d-e|")
      let trigger = run.hot("trigger", "------x---|")
      run.result(source.take(until: trigger))
    },
    Diagram("merge", title: "`merge(with:)`", link: "Signal/merge(with:)", code: "first.merge(with: second)") { run in
      let first = run.hot("first", "-a---b---c-|")
      let second = run.hot("second", "---1---2---|")
      run.result(first.merge(with: second))
    },
    Diagram(
      "concat",
      title: "`Signal.concat(_:)`",
      link: "Signal/concat(_:)-(Signal<Value,Failure>...)",
      code: "Signal.concat(first, second)"
    ) { run in
      let first = run.cold("first", "-a-b|")
      let second = run.cold("second", "-1--2|")
      run.result(Signal.concat(first, second))
    },
    Diagram(
      "combine-latest",
      title: "`combineLatest(with:)`",
      link: "Signal/combineLatest(with:)",
      code: "first.combineLatest(with: second).map { pair in \"\\(pair.0)\\(pair.1)\" }"
    ) { run in
      let first = run.hot("first", "-a----b---c--|")
      let second = run.hot("second", "---1----2----|")
      run.result(first.combineLatest(with: second).map { pair in "\(pair.0)\(pair.1)" })
    },
    Diagram(
      "zip",
      title: "`zip(with:)`",
      link: "Signal/zip(with:)",
      code: "first.zip(with: second).map { pair in \"\\(pair.0)\\(pair.1)\" }"
    ) { run in
      let first = run.hot("first", "-a----b---c--|")
      let second = run.hot("second", "---1----2----|")
      run.result(first.zip(with: second).map { pair in "\(pair.0)\(pair.1)" })
    },
  ]

  /// The strategies side by side: the same outer signal and inners for each.
  static let flattening =
    [
      ("merge", FlattenStrategy.merge),
      ("concat", .concat),
      ("latest", .latest),
      ("first", .first),
      ("concurrent", .concurrent(limit: 2)),
    ].map { name, strategy in
      let written = name == "concurrent" ? ".concurrent(limit: 2)" : ".\(name)"
      return Diagram(
        "flatmap-\(name)",
        title: "`flatMap(\(written), _:)`",
        link: "Signal/flatMap(_:_:)->Signal<NewValue,Failure>",
        code: "outer.flatMap(\(written)) { inner[$0] }"
      ) { run in
        let outer = run.hot("outer", "-a-b-c--------|")
        let inners = [
          "a": run.cold("inner a", "-1--2-|"), "b": run.cold("inner b", "-3--4-|"), "c": run.cold("inner c", "-5--6-|"),
        ]
        run.result(outer.promoteError(DiagramRun.Failure.self).flatMap(strategy) { inners[$0]! })
      }
    } + [
      Diagram(
        "switch-to-latest",
        title: "`switchToLatest()`",
        link: "Signal/switchToLatest()",
        code: "outer.map { inner[$0] }.switchToLatest()"
      ) { run in
        let outer = run.hot("outer", "-a----b------|")
        let inners = ["a": run.cold("inner a", "-1-2-3|"), "b": run.cold("inner b", "-4-5|")]
        run.result(outer.promoteError(DiagramRun.Failure.self).map { inners[$0]! }.switchToLatest())
      }
    ]

  static let errors = [
    Diagram("retry", title: "`retry(_:)`", link: "Signal/retry(_:)", code: "source.retry(2)") { run in
      let source = run.cold("source", "-a-b#")
      run.result(source.retry(2))
    }
  ]
}
