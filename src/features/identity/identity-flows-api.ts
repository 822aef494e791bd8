// The second half of the sign-in feature's adapter: the identity calls a user's own steps make
// (sign in, sign up, reset a password, sign out…), in a chunk of their own. /login's first paint
// only asks whether someone is signed in (getCurrentUser, in identity-api.ts), which starts this
// chunk's download once answered, so it is in by the time the form is used.
export {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
