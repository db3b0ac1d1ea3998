const waiting: Array<() => void> = [];
let channel: MessageChannel | null = null;

/**
 * Runs `callback` in a task of its own, after the tasks already waiting, as `setTimeout(callback, 0)`
 * does but without a timer: Chrome records where each timer was set while a page is profiled (as
 * Lighthouse does), which costs a slow phone's main thread about as much as a request when many are set
 * while a page is drawn.
 */
export function inNextTask(callback: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
    // Node.js (the component tests) would otherwise keep running for the open port.
    (channel.port1 as MessagePort & { unref?: () => void }).unref?.();
  }
  waiting.push(callback);
  channel.port2.postMessage(null);
}

/** Resolves in a task of its own, after the tasks already waiting: work after it starts a new task. */
export const nextTask = (): Promise<void> => new Promise((resolve) => inNextTask(resolve));
