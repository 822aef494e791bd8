// The app's public port: everything a feature may take from the app shell. Features import this
// module and src/app/paths.ts, never src/app/shell/* or src/app/routes/index.tsx (lint enforces it).
export { useShell, type Shell, type ShellAuth } from './shell/shell-context.tsx';
export { getHref, portalRoutes, staffRoutes, type RouteKey } from './paths.ts';
export { genderLabel } from './shell/profile-errors.ts';
export { isBuilt } from './built-routes.ts';
export { ShellContext } from './shell/shell-context.tsx';
