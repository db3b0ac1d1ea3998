import { type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { lazyNamed } from '../lazyNamed.ts';
import { type DialogsApi, DialogsContext } from './dialogsContext.ts';
import type { DialogRequest as Request } from './types.ts';

const QueuedDialog = lazyNamed(() => import('./QueuedDialog.tsx'), 'QueuedDialog');

/** Shows one dialog at a time, in the order they were asked for; each call resolves when it closes. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  const nextId = useRef(1);

  const push = useCallback((request: Omit<Request, 'id'>) => {
    setQueue((q) => [...q, { ...request, id: nextId.current++ } as Request]);
  }, []);

  const api = useMemo<DialogsApi>(
    () => ({
      confirm: (options) => new Promise((resolve) => push({ kind: 'confirm', options, resolve })),
      alert: (options) => new Promise((resolve) => push({ kind: 'alert', options, resolve })),
      help: (options) => new Promise((resolve) => push({ kind: 'help', options, resolve })),
    }),
    [push],
  );

  const current = queue[0];
  const finish = (value: boolean) => {
    if (!current) return;
    setQueue((q) => q.slice(1));
    if (current.kind === 'confirm') current.resolve(value);
    else current.resolve();
  };

  return (
    <DialogsContext.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        {current ? <QueuedDialog key={current.id} request={current} onDone={finish} /> : null}
      </Suspense>
    </DialogsContext.Provider>
  );
}
