import { Modal } from '@mantine/core';
import { type ComponentType, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface FormProps<F> {
  /** The fields filled in as the dialog opens (a D5 button's details, or what was typed before). */
  values: Partial<F>;
  close: () => void;
}

/** How the rest of the app opens a form dialog: set while its host is mounted. */
export interface DialogControl<F> {
  open?: (values: Partial<F>) => void;
}

const same = <F,>(a: Partial<F>, b: Partial<F>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].every((k) => (a[k as keyof F] ?? '') === (b[k as keyof F] ?? ''));

/**
 * A dialog with a form (Request Quote, Product Catalogue Request), kept mounted while closed: its form
 * is drawn ahead, hidden (React's Activity: display none, out of the accessibility tree, effects off),
 * so a tap on a slow phone only shows it. Closing hands the next opening a new, empty form (its own
 * key), so nothing typed, sent or failed shows again unless asked for (values); a fresh form takes the
 * values it opens with as its fields' defaults. Not in a portal of its own: OverlayHost draws it in the
 * overlays' section (InOverlays).
 */
export function FormDialog<F>({ title, form, control }: { title: string; form: ComponentType<FormProps<F>>; control: DialogControl<F> }) {
  const Form = useMemo(() => memo(form), [form]);
  const [state, setState] = useState<{ opened: boolean; values: Partial<F>; form: number }>({ opened: false, values: {}, form: 0 });
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    control.open = (values) => {
      opener.current = document.activeElement;
      // The same values keep the same object: opening then draws the dialog, not its form again.
      setState((s) => ({ ...s, opened: true, values: same(s.values, values) ? s.values : values }));
    };
    return () => void (control.open = undefined);
  }, [control]);
  const close = useCallback(() => {
    setState((s) => ({ opened: false, values: {}, form: s.form + 1 }));
    focusBack(opener.current);
  }, []);
  return (
    <Modal keepMounted withinPortal={false} opened={state.opened} onClose={close} title={title} size="lg">
      <Form key={state.form} values={state.values} close={close} />
    </Modal>
  );
}

/**
 * Focus goes back to what opened a dialog once it has closed. Mantine's own return remembers the
 * element focused once the dialog is open, which, with no opening transition (theme.ts), is already
 * one inside the dialog. After the dialog has let go of focus (Mantine's own return waits as long).
 */
export function focusBack(opener: Element | null) {
  setTimeout(() => opener instanceof HTMLElement && opener.isConnected && opener.focus({ preventScroll: true }), 10);
}
