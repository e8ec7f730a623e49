#if canImport(Testing)
import Testing
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension TestScheduler {
  /// Work of a test that ran, or will run, outside the scheduler's control: what makes a virtual-time test
  /// nondeterministic.
  ///
  /// The scheduler notices it when such work comes back to it from outside the test and `advance`: a Task that
  /// does not run on the scheduler sleeps on its clock; a job of a Task that prefers the scheduler is enqueued
  /// from elsewhere (the Task hopped to another actor and is coming back); an action is scheduled, or a
  /// ``TestRecorder`` receives an event, from a thread or Task that is neither the test nor the scheduler running
  /// an action. Each one is listed in ``TestScheduler/escapedWork`` and reported by the next
  /// ``TestScheduler/advance(by:)``, ``TestScheduler/advance(to:)``, ``TestScheduler/run()`` or
  /// ``TestScheduler/step()``: as a Swift Testing issue of the running test, or on standard error outside one.
  ///
  /// ```swift
  /// let signal = Signal<String, Never> { observer in
  ///   let title = await MainActor.run { "title" }  // leaves the scheduler…
  ///   await observer.send(title)                    // …and comes back at a time it does not control
  /// }
  /// let recorder = scheduler.record(signal)
  /// scheduler.advance()
  /// // later: scheduler.escapedWork.map(\.kind) == [.jobEnqueued]
  /// ```
  public struct EscapedWork: Sendable, Hashable, CustomStringConvertible {
    /// What escaped.
    public let kind: Kind
    /// The virtual time when the scheduler noticed it.
    public let time: Duration

    /// Creates a record of escaped work.
    ///
    /// ```swift
    /// let expected = TestScheduler.EscapedWork(kind: .sleep, time: .zero)
    /// ```
    ///
    /// - Parameters:
    ///   - kind: What escaped.
    ///   - time: The virtual time when it was noticed.
    public init(kind: Kind, time: Duration) {
      self.kind = kind
      self.time = time
    }

    /// The kind, its time and what to do about it.
    public var description: String {
      "TestScheduler: work escaped virtual time at \(time): \(kind). \(kind.advice)"
    }
  }
}

extension TestScheduler.EscapedWork {
  /// How escaped work showed itself.
  ///
  /// ```swift
  /// #expect(scheduler.escapedWork.map(\.kind) == [.sleep])
  /// ```
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
      case sleep, jobEnqueued, actionScheduled, eventRecorded
    }

    private let code: Code

    /// A Task that does not run on the scheduler slept on its clock: it resumes outside `advance`.
    ///
    /// Typically a bare `Task {}`, or a subscription made without the scheduler (`subscribe` instead of
    /// ``TestScheduler/record(_:)``), whose `async` body sleeps on the scheduler.
    public static let sleep = Kind(code: .sleep)

    /// A job of a Task that prefers the scheduler was enqueued from outside the test and `advance`.
    ///
    /// Typically the Task hopped to another actor (`await MainActor.run { }`) and is coming back, or another
    /// Task resumed it.
    public static let jobEnqueued = Kind(code: .jobEnqueued)

    /// An action was scheduled from a thread or Task that is neither the test nor the scheduler's.
    public static let actionScheduled = Kind(code: .actionScheduled)

    /// A ``TestRecorder`` received an event from a thread or Task that is neither the test nor the scheduler's.
    public static let eventRecorded = Kind(code: .eventRecorded)

    /// What happened, in words.
    public var description: String {
      switch code {
      case .sleep: "a Task that does not run on the scheduler slept on its clock, so it resumes outside advance"
      case .jobEnqueued: "a Task that prefers the scheduler came back from elsewhere (a hop to another actor?)"
      case .actionScheduled: "an action was scheduled from a thread or Task that is not the test's"
      case .eventRecorded: "a TestRecorder received an event from a thread or Task that is not the test's"
      }
    }

    /// What to do about it.
    var advice: String {
      switch code {
      case .sleep, .actionScheduled, .eventRecorded:
        "Subscribe through the scheduler (record, start, subscribe(on:)) and start no Task without it."
      case .jobEnqueued:
        "Keep the code under test off other actors, or inject them (see Docs/Testing.md)."
      }
    }
  }
}

extension TestScheduler {
  /// Reports each escape once: as an issue of the running Swift Testing test, or on standard error.
  func report(_ escapes: some Collection<EscapedWork>) {
    for escape in escapes {
      #if canImport(Testing)
      if Test.current != nil {
        Issue.record(Comment(rawValue: escape.description))
        continue
      }
      #endif
      writeToStandardError(escape.description + "\n")
    }
  }
}

/// Records `message` as an issue of the running Swift Testing test at the given place, or writes it to standard
/// error outside one.
func recordIssue(_ message: String, fileID: String, filePath: String, line: Int, column: Int) {
  #if canImport(Testing)
  if Test.current != nil {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    Issue.record(Comment(rawValue: message), sourceLocation: location)
    return
  }
  #endif
  writeToStandardError("\(fileID):\(line): \(message)\n")
}

/// Writes `text` to standard error (file descriptor 2), for reports made outside a Swift Testing test.
func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    _ = write(2, bytes.baseAddress, bytes.count)
  }
}
