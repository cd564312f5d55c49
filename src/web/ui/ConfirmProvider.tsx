import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, createContext, useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Confirmation prompts (the spec wants one before add, edit, delete, activate, deactivate, assign, bulk assign,
 * sync and reset): `await confirm({ message })` resolves true when the user confirms.
 */
export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
}

type Confirm = (o: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm>(async () => false);

export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [opts, setOpts] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((o) => {
    resolver.current?.(false);
    setOpts(o);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const finish = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOpts(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal opened={opts !== null} onClose={() => finish(false)} title={opts?.title ?? t('confirm.title')} centered zIndex={400}>
        <Text>{opts?.message}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => finish(false)}>
            {t('common.cancel')}
          </Button>
          <Button color={opts?.danger ? 'red' : undefined} onClick={() => finish(true)} data-autofocus>
            {opts?.confirmLabel ?? t('common.confirm')}
          </Button>
        </Group>
      </Modal>
    </ConfirmContext.Provider>
  );
}
