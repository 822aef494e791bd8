// A back-office catalogue row (a program, a package plan, a lab test, an IV recipe) is edited in a
// dialog and taken out of use with Deactivate rather than deleted, so what was sold or charted
// with it keeps its name. These are that row's two buttons and the confirmation, worded once.
import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { ActionHandle } from './hooks.ts';

export interface CatalogueItem {
  name: string;
  active: boolean;
}

const verb = (item: CatalogueItem | null | undefined) => (item?.active ? 'Deactivate' : 'Activate');

/** Edit and Deactivate/Activate, for the last cell of the row. */
export function CatalogueItemButtons<T extends CatalogueItem>({
  item,
  onEdit,
  toggle,
}: {
  item: T;
  onEdit: (item: T) => void;
  toggle: ActionHandle<T | null>;
}) {
  return (
    <>
      <Button size="small" onClick={() => onEdit(item)}>
        Edit
      </Button>
      <Button size="small" onClick={() => toggle.open(item)}>
        {verb(item)}
      </Button>
    </>
  );
}

/** The confirmation, saying what happens to what already uses the item either way. */
export function ActiveToggleDialog<T extends CatalogueItem>({
  toggle,
  whenDeactivated,
  whenActivated,
}: {
  toggle: ActionHandle<T | null>;
  whenDeactivated: ReactNode;
  whenActivated: ReactNode;
}) {
  const item = toggle.subject;
  return (
    <ConfirmDialog action={toggle} title={item ? `${verb(item)} ${item.name}` : ''} confirmLabel={verb(item)}>
      {item?.active ? whenDeactivated : whenActivated}
    </ConfirmDialog>
  );
}
