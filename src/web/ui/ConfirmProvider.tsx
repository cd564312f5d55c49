import { type ReactNode, Suspense, createContext, lazy, useCallback, useContext, useEffect, useRef, useState } from 'react';

/**
 * Confirmation prompts (the spec wants one before add, edit, delete, activate, deactivate, assign, bulk assign,
 * sync and reset): `await confirm({ message })` resolves true when the user confirms. The modal is a lazy chunk
 * (not in the initial bundle), loaded and mounted closed once the page is idle, so a question opens at once.
 */
export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
}

type Confirm = (o: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm>(async () => false);
const ConfirmModal = lazy(() => import('./ConfirmModal'));

export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [opts, setOpts] = useState<ConfirmOptions | null>(null);
  const [used, setUsed] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  useEffect(() => {
    const t = window.setTimeout(() => setUsed(true), 500);
    return () => window.clearTimeout(t);
  }, []);

  const confirm = useCallback<Confirm>((o) => {
    resolver.current?.(false);
    setOpts(o);
    setUsed(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const finish = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOpts(null);
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ConfirmModal options={opts} onFinish={finish} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}
