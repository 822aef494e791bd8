// Where the shell's dialogs mount. MUI's modal hides every sibling of its container from
// assistive technology; mounted in this dedicated element (not straight in <body>), a dialog
// leaves notistack's toasts (also in <body>) announced, as spec §2 requires ('Please accept the
// terms…' appears while the consent modal is open). The dialogs carry aria-modal="true", so the
// page behind them is still out of reach for screen readers, and focus stays trapped.
export function modalRoot(): HTMLElement {
  let root = document.getElementById('clinic-modal-root');
  if (!root) {
    root = document.createElement('div');
    root.id = 'clinic-modal-root';
    document.body.appendChild(root);
  }
  return root;
}
