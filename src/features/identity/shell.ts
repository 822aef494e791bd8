// What the app shell takes from the identity domain eagerly, kept apart from index.ts so the first
// download does not carry the domain's pages (lint allows only index.ts and shell.ts from outside).
export { AuthProvider, useAuthenticatorRef, type AuthenticatorRef } from './auth-provider.tsx';
export { LoginPage } from './login-page.tsx';
