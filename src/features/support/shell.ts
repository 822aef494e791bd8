// What the app shell takes from the support domain eagerly, kept apart from index.ts so the first
// download does not carry the domain's pages (lint allows only index.ts and shell.ts from outside).
export { countTicketsNeedingStaff } from './support-api.ts';
