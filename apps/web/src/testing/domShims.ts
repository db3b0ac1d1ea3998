/**
 * What jsdom lacks and the components use: Radix measures its checkboxes with ResizeObserver. A no-op
 * stand-in is enough, since jsdom lays nothing out.
 */
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
