// How a visit chart prints (a signed chart goes into the paper file or to another doctor): the
// app's bar, menus, spacer and every button or entry row are left out, each section prints whole
// on the full page width, and read-only fields print in black rather than the screen's grey.
export const VISIT_PRINT = `@media print {
  header, nav, .MuiAppBar-root, .MuiDrawer-root, main > .MuiToolbar-root,
  [data-page="therapy-visit"] button, [data-page="therapy-visit"] .MuiSelect-icon,
  [data-page="therapy-visit"] [data-print="hide"], [data-page="therapy-visit"] [data-field="save-state"] { display: none !important; }
  [data-page="therapy-visit"] { max-width: none !important; padding: 0 !important; }
  [data-page="therapy-visit"] .visit-section { break-inside: avoid; overflow: visible !important; max-height: none !important; }
  [data-page="therapy-visit"] .Mui-disabled, [data-page="therapy-visit"] .Mui-disabled input, [data-page="therapy-visit"] .Mui-disabled textarea { color: #000 !important; -webkit-text-fill-color: #000 !important; }
}`;
