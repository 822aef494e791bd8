// Adding a passkey (aws-amplify's WebAuthn registration), in a chunk of its own: only a user who
// accepts the offer after a password sign-in downloads it, so /login's first screen never does.
export { associateWebAuthnCredential } from 'aws-amplify/auth';
// The profile's passkeys card lists and removes them through the same chunk, loaded when it opens.
export { deleteWebAuthnCredential, listWebAuthnCredentials } from 'aws-amplify/auth';
