import Synchronization

/// The buffer between a signal and one `for await` loop: receives pushed events, hands out batches.
///
/// Events travel through a single-producer, single-consumer ring: the signal delivers serially (Design.md,
/// invariant 1), so one producer writes at a time, and one loop reads. A value costs the producer a store into its
/// slot and one atomic add on `produced`, which publishes it; no lock. The consumer takes everything published
/// at once, with one atomic load, and gives the slots back with one store and one atomic add per batch. The
/// lock (``ForAwaitStateMachine``) is left to what the ring cannot do alone: suspending and waking either side,
/// the overflow of a synchronous sender far ahead of the loop, the `.bufferingNewest` policy, and the end.
///
/// ```
///  signal ──events──▶ ring (lock-free) ──batch──▶ ForAwaitConsumer ◀── Signal.AsyncIterator
///     └─ ring full / .bufferingNewest ─▶ overflow (locked) ─┘  │ owns the Lifetime; deinit ends it
///  async senders ── hasRoom()? (two loads) ── else wait (locked) ◀── woken when the consumer gives slots back
/// ```
/// Why not an actor: every value passes through `eventReceived`, synchronously, from the signal's thread.
///
/// A consumer that finds the ring empty polls it briefly before it suspends (``spinForEvents()``): on its own
/// core, as fast as its producer, it would otherwise suspend every few dozen values, and each suspension costs
/// both sides a Task switch.
///
/// Wake-ups, each a check on the same atomic word as the change it races with (so no wake-up is lost):
/// - The consumer suspends by storing its continuation under the lock, then setting `consumerWaiting` in
///   `produced` by compare-and-swap, only if nothing was published since it looked. A producer's add returns
///   the old word: if the flag was set, it takes the continuation under the lock and resumes it. If the swap
///   fails, the consumer takes its continuation back (unless someone already took it, and resumes it).
/// - A sender without room registers under the lock, then sets `producersWaiting` in `released` by
///   compare-and-swap, only if no slot was given back since it looked. The consumer's add that gives slots back
///   returns the old word: if the flag was set, it wakes every waiting sender, which checks again.
/// - Whoever takes a continuation out of the machine resumes it, after unlocking, and clears its flag while
///   holding the lock; the end (``finish()``) takes both and sets `finished` in `produced`.
///
/// In flight for an asynchronous sender are the values published and not given back: the buffered ones and the
/// batch the loop works through, as `tail - released`; the policy's limit for synchronous senders counts the
/// buffered ones, `tail - head`, and the overflow.
@usableFromInline
final class ForAwaitStorageCore<Value: Sendable, Failure: Error, Synchronization: ForAwaitSynchronization>:
  Backpressure, @unchecked Sendable
{
  // Safety: the `consumer…` and spin variables are read and written only by the consumer, the one Task
  // iterating (the iterator is not `Sendable`), and by `deinit`; serial delivery (Design.md, invariant 1) makes
  // the signal one producer at a time, its accesses ordered before the next one's. A ring slot is written
  // by the producer only while it is free (below `head + capacity`, published by the consumer's releasing store
  // of `head`, read with acquiring loads) and read by the consumer only once published (below the tail of
  // `produced`, published by the producer's releasing add). The machine is behind its lock; the rest is atomic
  // or immutable. `prelude` is appended to only on the consumer's own thread while its subscription is made (the
  // thread's prelude mark names this buffer, see ForAwaitStorage+Prelude.swift); after that, only whoever cleared
  // `preludeOpen` by compare-and-swap touches it: the consumer (`preludeKept`), or a producer on another thread,
  // whose delivery serial delivery orders after the appends. TSan checks these in `ForAwaitRingStressTests`
  // (including the prelude's) and `BackpressureStressTests`; `ForAwaitPreludeTests` pins the close race. The row
  // that pays for the ring: `async pipeline/AsyncSignals async body, source only` on two threads
  // (`AsyncStandalone`), 90.2 ns per value with the locked buffer (a450fb1) and 59.9 with the ring (98397e0, which
  // also holds the rest of that session's work), medians of seven interleaved invocations each (Performance.md,
  // issue 29, fourth session). The interleaving checker runs the ring, its wake-ups and the prelude through its
  // scenarios (`ForAwaitInterleavingTests`); each relaxed access states why it needs no stronger order.
  @usableFromInline
  typealias Machine = ForAwaitStateMachine<Value, Failure>
  @usableFromInline
  typealias Batch = Machine.Batch

  /// Flags and tail in `produced`: the tail (events published into the ring) is `produced >> 4`.
  @usableFromInline
  enum Produced {
    /// The consumer is suspended and must be woken by the next publisher.
    @usableFromInline static var consumerWaiting: Int { 1 }
    /// Events wait in the overflow: the producer must append there, and the consumer take them.
    @usableFromInline static var overflowing: Int { 2 }
    /// The consumer went away.
    @usableFromInline static var finished: Int { 4 }
    /// The ring is allocated: until then, events go through the overflow.
    @usableFromInline static var ringReady: Int { 8 }
    /// The increment of one published event.
    @usableFromInline static var one: Int { 16 }
  }

  /// The tail of the ring and three flags (``Produced``); the producer adds ``Produced/one`` per event.
  @usableFromInline
  let produced = Atomic<Int>(0)

  /// Keeps `produced`, written per event by the producer, off the cache line of what the consumer writes.
  @usableFromInline
  let producerPadding = CacheLinePadding()

  /// How far the consumer has taken events out of the ring: slots below it are free.
  ///
  /// Stored once per batch.
  @usableFromInline
  let head = Atomic<Int>(0)

  /// Events given back by the consumer (the end of its previous batch) times two, plus `producersWaiting` (1).
  @usableFromInline
  let released = Atomic<Int>(0)

  /// Keeps the consumer's words off the line of the lock.
  @usableFromInline
  let consumerPadding = CacheLinePadding()

  @usableFromInline
  let machine: Locked<Machine>

  /// ``ForAwaitStateMachine/overflowInFlight``, stored under the lock whenever it changes, for `hasRoom()`.
  @usableFromInline
  let overflowInFlight = Atomic<Int>(0)

  /// The ring's slots, once allocated; those from `head` to the tail hold events.
  ///
  /// Allocated by the consumer when it asks for its second batch, and published with ``Produced/ringReady``
  /// (a releasing add, which the producer's acquiring load sees before it reads this): a loop that takes one
  /// batch (a one-value signal) never allocates it, and takes the overflow's array as its batch, so that its
  /// subscription costs no more allocations than before the ring (`churn/AsyncSignals for await`).
  ///
  /// Atomic rather than a `var`, so that the producer's read of it per event is a plain load, with no run-time
  /// exclusivity check; relaxed, because `produced` orders it.
  @usableFromInline
  let ring = Atomic<UnsafeMutablePointer<Event<Value, Failure>>?>(nil)
  /// The number of slots, a power of two; 0 for `.bufferingNewest`, whose events all go through the overflow.
  @usableFromInline
  let capacity: Int
  /// The number of unconsumed values at which an asynchronous sender waits.
  @usableFromInline
  let asyncLimit: Int
  /// The limit of `.bufferingOldest`, if that is the policy.
  @usableFromInline
  let oldestLimit: Int?

  /// Events the signal sent synchronously on the consumer's thread while the consumer subscribed (`.unbounded`
  /// only): the start of the first batch, appended without a lock (see ForAwaitStorage+Prelude.swift).
  ///
  /// Unchecked exclusivity: its accesses are ordered as the safety note above says. With the run-time check
  /// (`swift_beginAccess`/`swift_endAccess` per event, 12% of the samples), the prelude did not pay in
  /// `async pipeline/AsyncSignals sync body, source only`.
  @usableFromInline
  @exclusivity(unchecked)
  var prelude: Batch = []
  /// Whether `prelude` takes events.
  ///
  /// Set for the consumer's subscription, cleared (by compare-and-swap) by the consumer after it, or by the first
  /// event another thread sends meanwhile, which moves the prelude to the overflow. Whoever clears it owns the
  /// prelude.
  @usableFromInline
  let preludeOpen = Atomic<Bool>(false)
  /// Whether the consumer closed the prelude, and so takes it as the start of its first batch (consumer only).
  @usableFromInline
  var preludeKept = false

  /// Where the consumer takes the next event from the ring (consumer only).
  @usableFromInline
  var consumerHead = 0
  /// The start of the batch the consumer works through (consumer only).
  @usableFromInline
  var consumerReleased = 0
  /// How many events of the batch the consumer works through came from the overflow (consumer only).
  @usableFromInline
  var consumerOverflowTaken = 0

  /// Test hooks called at the steps of a producer's suspension (`nil` outside tests).
  @usableFromInline
  let _hooks: ForAwaitStorageHooks?

  /// Creates the buffer for one loop.
  @inlinable
  convenience init(policy: BufferingPolicy) {
    self.init(policy: policy, hooks: nil)
  }

  /// Creates a buffer whose producers call `hooks` as they suspend (tests only).
  convenience init(policy: BufferingPolicy, _hooks hooks: ForAwaitStorageHooks) {
    self.init(policy: policy, hooks: hooks)
  }

  // Inlinable, with the consumer's init, so that the caller's module specialises it: compiled generic, making a
  // buffer looked up the metadata of each stored property's type per subscription (`churn/AsyncSignals for await`).
  @inlinable
  init(policy: BufferingPolicy, hooks: ForAwaitStorageHooks?) {
    machine = Locked(Machine(policy: policy))
    asyncLimit = policy.asyncLimit
    switch policy {
    case .unbounded:
      // Room for every value an asynchronous sender may have in flight, and a terminal event.
      capacity = Self.ringCapacity(for: BufferingPolicy.unboundedAsyncLimit)
      oldestLimit = nil
    case .bufferingOldest(let limit):
      capacity = Self.ringCapacity(for: limit)
      oldestLimit = limit
    case .bufferingNewest:
      capacity = 0
      oldestLimit = nil
    }
    _hooks = hooks
  }

  /// The smallest power of two above `limit` (so that a terminal event fits after `limit` values), at most 1,024:
  /// beyond that, events wait in the overflow.
  @inlinable
  static func ringCapacity(for limit: Int) -> Int {
    var capacity = 2
    while capacity <= limit, capacity < 1_024 { capacity *= 2 }
    return capacity
  }

  deinit {
    // Nobody else is left: events still in the ring are released here. Relaxed: the last release of the buffer
    // orders every other thread's accesses before its deinit.
    guard let slots = ring.load(ordering: .relaxed) else { return }
    let tail = produced.load(ordering: .acquiring) >> 4
    var index = consumerHead
    while index < tail {
      _ = (slots + (index & (capacity - 1))).move()
      index += 1
    }
    slots.deallocate()
  }

  // MARK: Producer

  /// Receives one event from the signal (serially, as every observer does).
  @inlinable
  func eventReceived(_ event: Event<Value, Failure>) {
    willAccess(.load("send: produced"))
    let word = produced.load(ordering: .acquiring)
    // Relaxed: the acquiring load of `produced` saw `ringReady`, which the consumer set after storing `ring`.
    guard word & (Produced.overflowing | Produced.finished | Produced.ringReady) == Produced.ringReady,
      let slots = ring.load(ordering: .relaxed)
    else {
      return overflowReceived(event)
    }
    let tail = word >> 4
    // The consumer stores `head` once per batch, so this load usually hits the producer's cache.
    willAccess(.load("send: head"))
    let buffered = tail - head.load(ordering: .acquiring)
    if buffered >= capacity {
      return overflowReceived(event)
    }
    if !event.isTerminal, let limit = oldestLimit, buffered >= limit {
      return  // `.bufferingOldest` drops the newcomer (released here, not under a lock)
    }
    (slots + (tail & (capacity - 1))).initialize(to: event)
    willAccess(.update("send: publish"))
    let old = produced.wrappingAdd(Produced.one, ordering: .acquiringAndReleasing).oldValue
    if old & Produced.consumerWaiting != 0 {
      wakeConsumer()
    }
  }

  /// Takes the suspended consumer, if it still waits, and resumes it.
  @inlinable
  func wakeConsumer() {
    let consumer = withMachine("wake the consumer") { machine -> Machine.ConsumerContinuation? in
      willAccess(.update("wake: clear consumerWaiting"))
      produced.bitwiseAnd(~Produced.consumerWaiting, ordering: .acquiringAndReleasing)
      return machine.consumerWoken()
    }
    consumer?.resume()
  }

  /// Appends `event` to the overflow: the ring is full, events wait there already, or the policy needs it.
  @inlinable
  func overflowReceived(_ event: Event<Value, Failure>) {
    willAccess(.load("send: preludeOpen"))
    if preludeOpen.load(ordering: .acquiring), isSubscribingHere() {
      prelude.append(event)
      return
    }
    let action = withMachine("send to the overflow") { machine in
      if loadPreludeOpenUnderLock(), closePrelude("send: close the prelude") {
        // Another thread sends while the consumer subscribes: what the prelude holds came first.
        machine.preludeMoved(&prelude)
      }
      // Relaxed: the tail only this producer moves, and `ringReady`, which only the consumer sets, under this
      // lock's previous holder or before (``makeRing()``); a stale `ringReady` only stores `overflowInFlight` once
      // more.
      willAccess(.load("overflow: produced"))
      let word = produced.load(ordering: .relaxed)
      if oldestLimit != nil { willAccess(.load("overflow: head")) }
      let buffered = oldestLimit == nil ? 0 : (word >> 4) - head.load(ordering: .acquiring)
      let action = machine.overflowReceived(event, buffered: buffered)
      if word & Produced.ringReady == 0 {
        // With a ring, the flag `overflowing` says there is no room; without one (before the consumer's second
        // batch, and always under `.bufferingNewest`), the count of the overflow does.
        willAccess(.store("overflow: overflowInFlight"))
        overflowInFlight.store(machine.overflowInFlight, ordering: .releasing)
      }
      switch action {
      case .buffered(let consumer), .replaced(_, let consumer):
        if word & Produced.overflowing == 0 {
          willAccess(.update("overflow: set overflowing"))
          produced.bitwiseOr(Produced.overflowing, ordering: .acquiringAndReleasing)
        }
        if consumer != nil {
          willAccess(.update("overflow: clear consumerWaiting"))
          produced.bitwiseAnd(~Produced.consumerWaiting, ordering: .acquiringAndReleasing)
        }
      case .release:
        break
      }
      return action
    }
    switch action {
    case .buffered(let consumer):
      consumer?.resume()
    case .replaced(let dropped, let consumer):
      withExtendedLifetime(dropped) {}
      consumer?.resume()
    case .release(let event):
      withExtendedLifetime(event) {}
    }
  }

  // MARK: Consumer

  /// Returns the next batch of events, suspending while none is buffered; an empty batch means the end.
  ///
  /// The caller handles cancellation by calling ``finish()``, which resumes a suspended consumer.
  ///
  /// - Parameters:
  ///   - recycled: The previous batch, emptied, whose storage is reused.
  ///   - isolation: The consumer's isolation, kept while suspended.
  /// - Returns: The buffered events, or an empty batch at the end.
  @inlinable
  func nextBatch(
    recycling recycled: sending Batch,
    isolation: isolated (any Actor)?
  ) async -> Batch {
    var batch = consume recycled
    giveBack()
    if batchesTaken < 2 {
      if batchesTaken == 0, preludeKept {
        swap(&batch, &prelude)
      }
      batchesTaken += 1
      if batchesTaken == 2, capacity > 0 { makeRing() }
    }
    while true {
      switch takeBatch(into: &batch) {
      case .some(true):
        return batch
      case .some(false):
        if spinForEvents() { continue }
        await suspendConsumer(isolation: isolation)
      case .none:
        return []
      }
    }
  }

  /// How many batches the consumer asked for, counted up to 2 (consumer only).
  @usableFromInline
  var batchesTaken = 0

  /// Allocates the ring and tells the producer to use it (consumer only, once).
  @usableFromInline
  func makeRing() {
    // Relaxed: the releasing add of `ringReady` below publishes it, and the producer reads it only after an
    // acquiring load of `produced` that saw the flag.
    ring.store(.allocate(capacity: capacity), ordering: .relaxed)
    willAccess(.update("consumer: set ringReady"))
    produced.bitwiseOr(Produced.ringReady, ordering: .acquiringAndReleasing)
  }

  /// Gives the slots of the previous batch back, and wakes the senders that waited for room.
  @inlinable
  func giveBack() {
    if consumerOverflowTaken > 0 {
      let count = consumerOverflowTaken
      consumerOverflowTaken = 0
      withMachine("give the overflow back") { machine in
        let producers = machine.overflowGivenBack(count)
        willAccess(.store("give back: overflowInFlight"))
        overflowInFlight.store(machine.overflowInFlight, ordering: .releasing)
        willAccess(.update("give back: clear producersWaiting"))
        released.bitwiseAnd(~1, ordering: .acquiringAndReleasing)
        return producers
      }.resumeAll()
    }
    let count = consumerHead - consumerReleased
    guard count > 0 else { return }
    consumerReleased = consumerHead
    willAccess(.update("give back: released"))
    let old = released.wrappingAdd(count << 1, ordering: .acquiringAndReleasing).oldValue
    if old & 1 != 0 {
      wakeProducers()
    }
  }

  /// Moves what is published into `batch`: `true` if it took something, `false` if there was nothing, `nil` at
  /// the end.
  @inlinable
  func takeBatch(into batch: inout Batch) -> Bool? {
    willAccess(.load("take: produced"))
    let word = produced.load(ordering: .acquiring)
    guard word & Produced.finished == 0 else {
      drainAfterFinish()
      return nil
    }
    let tail = word >> 4
    var index = consumerHead
    // Relaxed: the consumer stored `ring` itself (``makeRing()``).
    if index < tail, let slots = ring.load(ordering: .relaxed) {
      repeat {
        batch.append((slots + (index & (capacity - 1))).move())
        index += 1
      } while index < tail
    }
    if index != consumerHead {
      consumerHead = index
      willAccess(.store("take: head"))
      head.store(index, ordering: .releasing)
    }
    if word & Produced.overflowing != 0 {
      let action = withMachine("take the overflow") { machine in
        let action = machine.overflowTaken(into: &batch)
        // Taken, the overflow's events stay in flight until given back: counted here from now on.
        willAccess(.store("take: overflowInFlight"))
        overflowInFlight.store(machine.overflowInFlight, ordering: .releasing)
        willAccess(.update("take: clear overflowing"))
        produced.bitwiseAnd(~Produced.overflowing, ordering: .acquiringAndReleasing)
        return action
      }
      switch action {
      case .take(let count):
        consumerOverflowTaken += count
      case .end:
        drainAfterFinish()
        return nil
      }
    }
    return !batch.isEmpty
  }

  /// How many suspensions the consumer makes without spinning first, after two spins in a row found nothing
  /// (consumer only).
  @usableFromInline
  var spinsToSkip = 0
  /// How many spins in a row found nothing (consumer only).
  @usableFromInline
  var failedSpins = 0

  /// Waits briefly, without suspending, for the producer to publish: returns whether something arrived.
  ///
  /// A consumer on its own core, as fast as its producer, finds the ring empty every few dozen values. Suspending
  /// then costs both sides a Task switch: the producer resumes the consumer, and soon waits for room itself
  /// until the consumer runs again. On two threads that cycle was most of the time of the backpressured async
  /// body (about 2,500 suspensions of each side per 100,000 values, 250–270 ns per value); polling `produced` for
  /// up to 4,096 loads first took it to 85–110 ns (`async pipeline/AsyncSignals async body, source only`,
  /// `AsyncStandalone`, Docs/Performance.md, issue 29). Bounded since to ``ForAwaitSynchronization/consumerSpinLimit``
  /// (256 loads, a few hundred nanoseconds: the consumer may be the main actor or a cooperative thread): on the
  /// guest of issue 37, which ran that row at 160 ns in every build, 4,096, 256 and no spin measured alike. A
  /// producer that is not running (one thread, or a body awaiting something else) makes the spin fail: after two
  /// failures in a row, the next 256 suspensions do not spin.
  @inlinable
  func spinForEvents() -> Bool {
    guard spinsToSkip == 0 else {
      spinsToSkip -= 1
      return false
    }
    let taken = consumerHead
    for _ in 0..<Synchronization.consumerSpinLimit {
      // Relaxed: a hint only; what it saw is taken by `takeBatch(into:)`, whose load of `produced` acquires.
      willAccess(.load("spin: produced"))
      let word = produced.load(ordering: .relaxed)
      if word >> 4 != taken || word & (Produced.overflowing | Produced.finished) != 0 {
        failedSpins = 0
        return true
      }
    }
    failedSpins += 1
    if failedSpins >= 2 {
      failedSpins = 0
      spinsToSkip = 256
    }
    return false
  }

  /// Suspends the consumer until a producer publishes, the overflow fills, or the loop ends.
  @inlinable
  func suspendConsumer(isolation: isolated (any Actor)?) async {
    await withUnsafeContinuation(isolation: isolation) { (consumer: Machine.ConsumerContinuation) in
      defer { _hooks?.consumerDidSuspend() }
      switch withMachine("consumer: suspend", { $0.consumerSuspended(consumer) }) {
      case .resume(let consumer):
        consumer.resume()
        return
      case .wait:
        break
      }
      _hooks?.consumerDidRegister()
      if Synchronization.announceConsumerWaiting(in: self) { return }
      // Something arrived meanwhile: take the suspension back, unless whoever caused it already took it.
      withMachine("consumer: take the suspension back") { $0.consumerWoken() }?.resume()
    }
  }

  /// Releases what the ring holds after the end (consumer only).
  @inlinable
  func drainAfterFinish() {
    willAccess(.load("end: produced"))
    let tail = produced.load(ordering: .acquiring) >> 4
    var dropped: Batch = []
    // Relaxed: the consumer stored `ring` itself (``makeRing()``).
    while consumerHead < tail, let slots = ring.load(ordering: .relaxed) {
      dropped.append((slots + (consumerHead & (capacity - 1))).move())
      consumerHead += 1
    }
    willAccess(.store("end: head"))
    head.store(consumerHead, ordering: .releasing)
    withExtendedLifetime(dropped) {}
  }

  /// Ends the buffer; calling it again does nothing.
  ///
  /// The suspended consumer and waiting producers resume; the overflow is released. Events in the ring are
  /// released by the consumer when it sees the end, or with the buffer.
  @inlinable
  func finish() {
    let (consumer, producers, dropped) = withMachine("finish") { machine in
      let action = machine.finished()
      let clear = ~(Produced.consumerWaiting | Produced.overflowing)
      willAccess(.update("finish: clear the flags"))
      _ = produced.bitwiseAnd(clear, ordering: .acquiringAndReleasing)
      willAccess(.update("finish: set finished"))
      produced.bitwiseOr(Produced.finished, ordering: .acquiringAndReleasing)
      return action
    }
    consumer?.resume()
    producers.resumeAll()
    withExtendedLifetime(dropped) {}
  }

  // MARK: Asynchronous senders

  /// Whether an asynchronous sender may send now: the consumer has room, or is gone.
  @inlinable
  func hasRoom() -> Bool {
    willAccess(.load("room: released"))
    return hasRoom(released: released.load(ordering: .acquiring))
  }

  /// Whether there is room, given a read of `released`.
  @inlinable
  func hasRoom(released releasedWord: Int) -> Bool {
    willAccess(.load("room: produced"))
    let word = produced.load(ordering: .acquiring)
    if word & Produced.finished != 0 { return true }
    // With a ring, the overflow fills only once the ring is full (more than `asyncLimit` in flight); once taken,
    // its events count in `overflowInFlight` until given back. Without one (before the second batch, and under
    // `.bufferingNewest`), only the count.
    guard word & Produced.overflowing == 0 || word & Produced.ringReady == 0 else { return false }
    willAccess(.load("room: overflowInFlight"))
    let inFlight = (word >> 4) - (releasedWord >> 1) + overflowInFlight.load(ordering: .acquiring)
    return inFlight < asyncLimit
  }

  /// Suspends an asynchronous sender until the consumer has room, the consumer is gone, or the sender's
  /// Task is cancelled.
  ///
  /// The producer registers first and checks for cancellation after (as `SubjectStorage.waitForSubscribers`
  /// does): a cancellation that lands before the registration is seen by the check, one that lands after it
  /// finds the producer registered and resumes it. Checked the other way round, a cancellation between the check
  /// and the registration found nobody to resume, and the producer waited until the loop made room (issue 25).
  @inlinable
  func waitForRoom() async {
    while !Task.isCancelled, !hasRoom() {
      await withTaskCancellationHandler {
        await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
          defer { _hooks?.producerDidSuspend() }
          _hooks?.producerWillRegister()
          if let resumeNow = withMachine("sender: suspend", { $0.producerSuspended(producer) }) {
            resumeNow.resume()
            return
          }
          _hooks?.producerDidRegister()
          guard announceWaitingProducer(), !Task.isCancelled else {
            // Room appeared, or the Task was cancelled: every waiting producer is woken to check for itself;
            // this one, unless the consumer or the cancellation handler has woken it already (then it is no
            // longer registered, and not resumed twice).
            wakeProducers()
            return
          }
        }
      } onCancel: {
        wakeProducers()
      }
    }
  }

  /// Sets `producersWaiting` unless there is room; returns whether it did (the registered sender stays).
  @inlinable
  func announceWaitingProducer() -> Bool {
    willAccess(.load("sender: released"))
    var word = released.load(ordering: .acquiring)
    while !hasRoom(released: word) {
      if word & 1 != 0 { return true }
      willAccess(.compareExchange("sender: set producersWaiting"))
      let (exchanged, original) = released.compareExchange(
        expected: word,
        desired: word | 1,
        ordering: .acquiringAndReleasing
      )
      if exchanged { return true }
      word = original
    }
    return false
  }

  /// Wakes every waiting producer (after unlocking).
  @inlinable
  func wakeProducers() {
    withMachine("wake the senders") { machine in
      willAccess(.update("wake: clear producersWaiting"))
      released.bitwiseAnd(~1, ordering: .acquiringAndReleasing)
      return machine.producersWoken()
    }.resumeAll()
  }
}

/// The `for await` buffer the library uses: over the system's atomics and lock, with no scheduling points.
@usableFromInline
typealias ForAwaitStorage<Value: Sendable, Failure: Error> = ForAwaitStorageCore<
  Value, Failure, SystemSynchronization
>

// MARK: Shared state, as the interleaving checker sees it

extension ForAwaitStorageCore {
  /// Tells the synchronization that an operation on shared state follows (a scheduling point of the checker;
  /// nothing in the library's build).
  @inlinable
  @inline(__always)
  func willAccess(_ access: SerialDeliveryAccess) {
    Synchronization.willAccessSharedState(access, of: self)
  }

  /// Runs `body` under the machine's lock, taken and released where the synchronization sees it.
  @inlinable
  @inline(__always)
  func withMachine<Result>(
    _ name: StaticString,
    _ body: (inout sending Machine) -> sending Result
  ) -> sending Result {
    willAccess(.lock(name))
    let result = machine.withLock(body)
    Synchronization.didUnlock(self)
    return result
  }

  /// Reads `preludeOpen` under the machine's lock, before trying to close it.
  ///
  /// Relaxed: the compare-and-swap that follows orders what the prelude holds; this load only spares it.
  @inlinable
  func loadPreludeOpenUnderLock() -> Bool {
    willAccess(.load("send: preludeOpen, under the lock"))
    return preludeOpen.load(ordering: .relaxed)
  }

  /// Clears `preludeOpen`, if it is still set; returns whether this caller did, and so owns the prelude.
  @inlinable
  func closePrelude(_ name: StaticString) -> Bool {
    willAccess(.compareExchange(name))
    return preludeOpen.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing).exchanged
  }
}

/// The synchronization of a ``ForAwaitStorageCore``: a ``SerialDeliverySynchronization``'s scheduling points,
/// the length of the consumer's spin, and the step of the wake-up protocol that the interleaving checker's own
/// test replaces with the lost wake-up it must find.
@usableFromInline
protocol ForAwaitSynchronization: SerialDeliverySynchronization {
  /// How many loads of `produced` a consumer that found nothing makes before it suspends.
  static var consumerSpinLimit: Int { get }

  /// Sets `consumerWaiting` in `storage.produced`, unless something was published, the overflow filled or the
  /// buffer finished since the consumer looked; returns whether it did (the consumer then stays suspended).
  static func announceConsumerWaiting<Value, Failure>(
    in storage: ForAwaitStorageCore<Value, Failure, Self>
  ) -> Bool
}

extension ForAwaitSynchronization {
  /// The protocol's step, as the library runs it: a compare-and-swap that expects the tail the consumer took.
  @inlinable
  static func announceConsumerWaiting<Value, Failure>(
    in storage: ForAwaitStorageCore<Value, Failure, Self>
  ) -> Bool {
    typealias Produced = ForAwaitStorageCore<Value, Failure, Self>.Produced
    storage.willAccess(.load("consumer: produced"))
    var word = storage.produced.load(ordering: .acquiring)
    while word >> 4 == storage.consumerHead, word & (Produced.overflowing | Produced.finished) == 0 {
      storage.willAccess(.compareExchange("consumer: set consumerWaiting"))
      let (exchanged, original) = storage.produced.compareExchange(
        expected: word,
        desired: word | Produced.consumerWaiting,
        ordering: .acquiringAndReleasing
      )
      if exchanged { return true }
      word = original
    }
    return false
  }
}

extension SystemSynchronization: ForAwaitSynchronization {
  @inlinable
  static var consumerSpinLimit: Int { 256 }
}

/// Eight words that keep the fields around them on different cache lines.
///
/// A struct rather than a tuple: a generic class's tuple field made each buffer's creation look up the tuple's
/// metadata at run time (`churn/AsyncSignals for await`).
@usableFromInline
struct CacheLinePadding: Sendable {
  @usableFromInline
  let words: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

  @inlinable
  init() {}
}
