import AsyncSignals
import Observation

extension Signal where Failure == Never {
  /// The values of a property of an `@Observable` object: the current value first, then the value after each
  /// change; completes when the object is released (the classic `RACObserve(target, keyPath)`).
  ///
  /// Each subscription reads the property at once, on the subscribing thread, and sends that value, even if it
  /// was set long before (the classic `RACObserve` behaviour). It reads inside `withObservationTracking`, whose
  /// `onChange` fires at the property's `willSet`, *before* the new value is stored. So a change is only noted
  /// there: the subscription reads the property again on `scheduler`, after the mutation has finished, sends
  /// that value, and tracks the property again in the same read. Changes made before that read runs coalesce
  /// into it (their latest value is sent once); a change that leaves the value equal may send nothing, as
  /// `@Observable` skips notifying for equal values.
  ///
  /// The object is held weakly. When it is released, the signal completes, on `scheduler`; a subscription
  /// that starts after the release completes at once. Disposing stops the reads at once; the last tracking
  /// stays installed in the object until its next change, and then does nothing.
  ///
  /// ```swift
  /// @Observable final class Profile: Sendable {  // Sendable as written: its state is behind a lock
  ///   @ObservationIgnored private let storage = Mutex("")
  ///   var name: String {
  ///     get { access(keyPath: \.name); return storage.withLock { $0 } }
  ///     set { withMutation(keyPath: \.name) { storage.withLock { $0 = newValue } } }
  ///   }
  /// }
  /// let greeting = Signal.observing(profile, \.name, on: MainScheduler.shared).map { "Hello, \($0)" }
  /// profile.name = "Ada"  // sends "Hello, Ada" on the main queue, after the change
  /// ```
  ///
  /// ```
  ///  subscribe ──▶ read (tracked) ──send──▶ … willSet ──notice──▶ scheduler ──▶ read (tracked) ──send──▶ …
  ///  object released ──▶ tracking released ──notice──▶ scheduler ──▶ read finds nil ──▶ completed
  /// ```
  ///
  /// - Important: `scheduler` must run the read after the mutation has finished, so pass the scheduler of the
  ///   thread or queue that mutates the object (``/AsyncSignals/MainScheduler`` for a main-thread model): it runs the read
  ///   after the work already queued there. ``/AsyncSignals/ImmediateScheduler`` would read before the store and is refused.
  ///   A scheduler on another thread may read while the object is still being mutated and miss that change.
  /// - Parameters:
  ///   - object: The `@Observable` object to observe, held weakly.
  ///   - keyPath: The property to observe; reads of other `@Observable` properties through it are tracked too.
  ///   - scheduler: Where the reads after each change run and the later values are sent.
  /// - Returns: A signal of the property's values that completes when `object` is released.
  public static func observing<Object: AnyObject & Observable & Sendable>(
    _ object: Object,
    _ keyPath: KeyPath<Object, Value> & Sendable,
    on scheduler: any Scheduler
  ) -> Signal {
    precondition(
      !(scheduler is ImmediateScheduler),
      "observing(_:_:on:): ImmediateScheduler would read the property before the change is stored"
    )
    return Signal { [weak object] observer, lifetime in
      guard let object else {
        observer.complete()
        return
      }
      let storage = ObservingStorage(
        property: KeyPathProperty(object: object, keyPath: keyPath),
        scheduleRead: { read in scheduler.schedule(read) },
        observer: observer
      )
      lifetime.onDispose { storage.disposed() }
      storage.read()
    }
  }

  /// The values of a property of an `@Observable` object that belongs to the caller's actor (a `@MainActor` model):
  /// the current value first, then the value after each change; completes when the object is released.
  ///
  /// Every read happens on that actor. A subscription made on it reads and sends the current value at once, before
  /// `subscribe` returns (the classic `RACObserve` behaviour); one made elsewhere reads after a hop to the actor.
  /// A change is noticed at the property's `willSet`, and the next read runs in a later turn of the actor, after
  /// the mutation has finished, so no change is lost: the model can only be mutated on its actor, and changes made
  /// before that read coalesce into it (their latest value is sent once).
  ///
  /// ```swift
  /// @MainActor @Observable final class LoginViewModel { var username = "" }
  ///
  /// @MainActor final class LoginView {
  ///   var title = ""
  ///   let bag = DisposeBag()
  ///   func bind(_ model: LoginViewModel) {
  ///     Signal.observing(model, \.username).subscribe(value: { [weak self] in self?.title = $0 }).disposed(by: bag)
  ///   }
  /// }
  /// ```
  ///
  /// - Important: Call it on the actor the object belongs to. From code on no actor, use
  ///   ``observing(_:_:on:)`` with the scheduler of the thread that mutates the object; the compiler rejects this
  ///   one there (it reports that `nil` is not an actor).
  /// - Parameters:
  ///   - isolation: The actor the object belongs to; leave the default, the caller's.
  ///   - object: The `@Observable` object to observe, held weakly.
  ///   - keyPath: The property to observe; reads of other `@Observable` properties through it are tracked too.
  /// - Returns: A signal of the property's values that completes when `object` is released.
  public static func observing<Object: AnyObject & Observable>(
    isolation: isolated (any Actor) = #isolation,
    _ object: Object,
    _ keyPath: KeyPath<Object, Value>
  ) -> Signal {
    let context = ActorContext(isolation)
    let property: any ObservedProperty<Value> = KeyPathProperty(object: object, keyPath: keyPath)
    return Signal { observer, lifetime in
      let storage = ObservingStorage(
        property: property,
        scheduleRead: { read in context.hop(read) },
        observer: observer
      )
      lifetime.onDispose { storage.disposed() }
      if context.isCurrent() {
        storage.read()
      } else {
        context.hop { storage.read() }
      }
    }
  }
}
