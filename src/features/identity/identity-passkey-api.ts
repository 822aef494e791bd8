// Adding a passkey (aws-amplify's WebAuthn registration), in a chunk of its own: only a user who
// accepts the offer after a password sign-in downloads it, so /login's first screen never does.
export { associateWebAuthnCredential } from 'aws-amplify/auth';
