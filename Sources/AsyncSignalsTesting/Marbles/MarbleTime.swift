/// Exact arithmetic on the durations of marble strings: parsing `1.5s` and writing a duration back as `1500ms`.
///
/// It works on attoseconds (`Int128`), so that `0.3s` is exactly `.milliseconds(300)`, which a `Double` would not
/// give.
enum MarbleTime {
  /// The duration `integer.fraction` × `unit`, or `nil` when it does not fit.
  static func duration(
    integer: ArraySlice<Character>,
    fraction: ArraySlice<Character>,
    unit: Duration
  ) -> Duration? {
    guard integer.count <= 12, fraction.count <= 18, let whole = Int128(String(integer)) else { return nil }
    var total = whole * unit.attoseconds
    if !fraction.isEmpty, let digits = Int128(String(fraction)) {
      total += digits * unit.attoseconds / power(of: 10, fraction.count)
    }
    return Duration(attoseconds: total)
  }

  /// `duration` as time progression: whole minutes as `2m`, whole seconds as `3s`, otherwise milliseconds, with a
  /// decimal fraction when needed (`1500ms`, `0.25ms`).
  static func text(_ duration: Duration) -> String {
    let attoseconds = duration.attoseconds
    let second = Duration.seconds(1).attoseconds
    let millisecond = Duration.milliseconds(1).attoseconds
    if attoseconds != 0, attoseconds % (60 * second) == 0 { return "\(attoseconds / (60 * second))m" }
    if attoseconds % second == 0 { return "\(attoseconds / second)s" }
    let whole = attoseconds / millisecond
    var remainder = abs(attoseconds % millisecond)
    guard remainder != 0 else { return "\(whole)ms" }
    var digits = ""
    var scale = millisecond / 10
    while remainder != 0 {
      digits.append(String(remainder / scale))
      remainder %= scale
      scale /= 10
    }
    return "\(attoseconds < 0 && whole == 0 ? "-" : "")\(whole).\(digits)ms"
  }

  /// How many frames `duration` is, when it is a whole number of them.
  static func frames(in duration: Duration, frame: Duration) -> Int? {
    let (quotient, remainder) = duration.attoseconds.quotientAndRemainder(dividingBy: frame.attoseconds)
    guard remainder == 0 else { return nil }
    return Int(exactly: quotient)
  }

  /// `base` to the power `exponent`.
  private static func power(of base: Int128, _ exponent: Int) -> Int128 {
    (0..<exponent).reduce(1) { result, _ in result * base }
  }
}
