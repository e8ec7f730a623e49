#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
import Foundation

/// The `@objc` target that UIKit and AppKit controls call; it forwards to a closure.
///
/// Controls hold their targets weakly, so each subscription's dispose action keeps its target alive.
@MainActor
final class ControlTarget: NSObject {
  private let action: @MainActor () -> Void

  init(_ action: @escaping @MainActor () -> Void) {
    self.action = action
  }

  @objc func invoke() {
    action()
  }
}
#endif
