// What the app shell takes from the clients domain eagerly, kept apart from index.ts so the first
// download does not carry the domain's pages (lint allows only index.ts and shell.ts from outside).
export { loadOwnProfile, prefetchUsers, recordOwnConsent } from './clients-session-api.ts';
